import { type MixDraft, mixDraftSchema, referenceTargetOf, type TableDesign } from '@trestle/shared';
import { fromDesign, toDesign } from '../../components/table-design/design-form.ts';
import type { MixState } from './mix-model.ts';
import { startingForm } from './mix-model.ts';

/** The browser test's app, as the wizard leaves it: vehicles, their bookings, a calendar of the bookings. */
const base = {
  folder: null,
  description: '',
  softDelete: false,
  audit: false,
  scope: {},
  indexes: [],
};

const vehicleDrawn: TableDesign = {
  ...base,
  name: 'Vehicle',
  table: 'vehicle',
  label: { en: 'Vehicle', zh: '车辆' },
  master: null,
  fields: [
    { id: 'f1', name: 'plate', label: { en: 'Plate', zh: '车牌' }, type: 'string', required: true },
    { id: 'f2', name: 'model', label: { en: 'Model', zh: '型号' }, type: 'string' },
    { id: 'f3', name: 'seats', label: { en: 'Seats', zh: '座位' }, type: 'integer' },
  ],
};

const bookingDrawn: TableDesign = {
  ...base,
  name: 'Booking',
  table: 'booking',
  label: { en: 'Booking', zh: '预约' },
  master: { entity: 'Vehicle', field: 'vehicle' },
  fields: [
    {
      id: 'g1',
      name: 'vehicle',
      label: { en: 'Vehicle', zh: '车辆' },
      type: 'reference',
      required: true,
      reference: { table: 'vehicle', labelColumn: 'plate' },
    },
    { id: 'g2', name: 'date', label: { en: 'Date', zh: '日期' }, type: 'date' },
    { id: 'g3', name: 'endDate', label: { en: 'End date', zh: '结束日期' }, type: 'date' },
    { id: 'g4', name: 'purpose', label: { en: 'Purpose', zh: '用途' }, type: 'string' },
  ],
};

/** As the table step saves them: through the table designer's form, which places each field on the forms. */
export const vehicle = toDesign(fromDesign(vehicleDrawn), null);
export const booking = toDesign(fromDesign(bookingDrawn), null, [referenceTargetOf(vehicle)]);

export const title = { en: 'Vehicle booking', zh: '车辆预约' };

export function vehicleDraft(over: Partial<MixDraft> = {}): MixDraft {
  return mixDraftSchema.parse({
    step: 'publish',
    table: vehicle,
    detail: booking,
    form: startingForm(title, vehicle, booking),
    layout: 'listCalendar',
    layoutOptions: { on: 'detail', dateField: 'date', endField: 'endDate', titleField: 'purpose' },
    roles: [2],
    rights: ['add', 'edit'],
    ...over,
  });
}

export const vehicleApp = (over: Partial<MixDraft> = {}): MixState => ({
  id: 5,
  version: 3,
  name: 'VehicleBooking',
  title,
  draft: vehicleDraft(over),
  published: false,
});
