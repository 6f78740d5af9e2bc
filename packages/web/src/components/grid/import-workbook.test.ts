import { describe, expect, it } from 'vitest';
import { workbookBlob } from './ImportDialog.tsx';

describe('error workbook', () => {
  it('decodes the base64 workbook into an xlsx blob with the same bytes', async () => {
    const blob = workbookBlob(btoa('PK\u0003\u0004hello'));
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
  });
});
