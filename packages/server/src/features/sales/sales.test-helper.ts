import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documentClient } from '../../test/documents.ts';
import { body, type TestApp } from '../../test/helper.ts';
import { toCents, toDecimal } from './money.ts';

/** What the sales tests share: calls as a user, and documents driven to the state a test starts from. */
export function salesClient(t: TestApp, token: string) {
  const documents = documentClient(t, token);
  const { next, post, ok, one, version, approve } = documents;

  /** Payment terms over an amount, the last one taking the remainder. */
  const terms = (amount: string, percents = [30, 30, 30, 10]) => {
    const total = toCents(amount);
    let left = total;
    return percents.map((percent, i) => {
      const cents = i === percents.length - 1 ? left : (total * BigInt(Math.round(percent * 100))) / 10_000n;
      left -= cents;
      return {
        seq: i + 1,
        name: `Term ${i + 1}`,
        termType: i === 0 ? 'ADVANCE' : 'PERIODIC',
        percent: String(percent),
        amount: toDecimal(cents),
      };
    });
  };

  /** A live delivery project (or O&M) and its customer; `pmOwned` picks one of pm's own or one outside them. */
  const project = (type: 'DELIVERY' | 'OM' = 'DELIVERY', pmOwned?: boolean) =>
    one<{ id: number; customerId: number; code: string }>(
      sql`select p.id, p.customer_id as "customerId", p.code from projects p
          where p.type = ${type} and p.status in ('IN_PROGRESS', 'ACTIVE')
            ${pmOwned === undefined ? sql`` : sql`and ${pmOwned ? sql`` : sql`not`} exists (select 1 from project_members m join users u on u.id = m.user_id where m.project_id = p.id and u.user_key = 'pm')`}
          order by p.id limit 1`,
    );

  const contractBody = async (amount: string, extra: Record<string, unknown> = {}, termRows = terms(amount)) => {
    const p = await project();
    return {
      mainData: {
        code: next('HT'),
        name: 'Test contract',
        projectId: p.id,
        contractType: 'SALES',
        signDate: '2026-01-10',
        amountInclTax: amount,
        taxRate: '13',
        ...extra,
      },
      detailData: { ContractPaymentTerm: termRows },
    };
  };

  const setStatus = async (entity: string, table: string, key: number, status: string, extra = {}) =>
    post(`/api/${entity}/update`, { mainData: { id: key, version: await version(table, key), status, ...extra } });

  /** A contract added, approved and signed: open for invoices and receipts. */
  const signedContract = async (amount: string, extra: Record<string, unknown> = {}) => {
    const { key } = ok(await post('/api/ProjectContract/add', await contractBody(amount, extra)));
    await approve('ProjectContract', key);
    ok(await setStatus('ProjectContract', 'sales_contracts', key, 'SIGNED'));
    return key;
  };

  const invoiceBody = (contractId: number, amountExclTax: string, extra: Record<string, unknown> = {}) => ({
    mainData: { code: next('KP'), contractId, invoiceType: 'VAT_SPECIAL', amountExclTax, taxRate: '0', ...extra },
  });

  /** An invoice added, approved and issued. */
  const issuedInvoice = async (contractId: number, amountExclTax: string, extra: Record<string, unknown> = {}) => {
    const { key } = ok(await post('/api/ContractInvoicing/add', invoiceBody(contractId, amountExclTax, extra)));
    await approve('ContractInvoicing', key);
    ok(
      await setStatus('ContractInvoicing', 'sales_invoices', key, 'ISSUED', {
        invoiceNo: next('NO'),
        invoiceDate: '2026-02-01',
      }),
    );
    return key;
  };

  const receiptBody = (
    contractId: number,
    amount: string,
    extra: Record<string, unknown> = {},
    allocations: { invoiceId: number; amount: string }[] = [],
  ) => ({
    mainData: { code: next('HK'), contractId, receiptDate: '2026-02-10', amount, method: 'BANK_TRANSFER', ...extra },
    detailData: { ReceiptAllocation: allocations },
  });

  const contractRow = (id: number) =>
    one<{ status: string; total: string; invoiced: string; received: string; projectId: number }>(
      sql`select status, total_amount::text as total, invoiced_amount::text as invoiced, received_amount::text as received,
            project_id as "projectId" from sales_contracts where id = ${id}`,
    );

  return {
    ...documents,
    terms,
    project,
    contractBody,
    setStatus,
    signedContract,
    invoiceBody,
    issuedInvoice,
    receiptBody,
    contractRow,
  };
}

/** The message of a refused call, checked to be a 422. */
export const refusal = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode}: ${res.body}`);
  return body(res).message;
};
