import { checkFormDesign, checkPage, designToMeta, detailsOf, formDesignSchema } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { booking, title, vehicle, vehicleDraft } from './mix.fixtures.ts';
import { appMeta, labelOfName, pascalName, startingForm, typeOfName } from './mix-model.ts';
import { calendarOptionsOn, defaultLayoutOptions, pageNodes } from './mix-page.ts';
import { buttonCodes } from './publish-steps.ts';

const served = (name: string) =>
  name === 'Vehicle'
    ? designToMeta(vehicle, detailsOf('Vehicle', [vehicle, booking]))
    : name === 'Booking'
      ? designToMeta(booking)
      : null;

describe('the app the wizard makes', () => {
  it('names things from what was typed: an identifier from the title, a label and a type from a field name', () => {
    expect(pascalName('Vehicle booking')).toBe('VehicleBooking');
    expect(labelOfName('endDate')).toBe('End date');
    expect(typeOfName('endDate')).toBe('date');
    expect(typeOfName('date')).toBe('date');
    expect(typeOfName('seats')).toBe('integer');
    expect(typeOfName('plate')).toBe('string');
  });

  it('puts the calendar on the first date field, ending at the next, titled by the first text field', () => {
    expect(defaultLayoutOptions('listCalendar', vehicle, booking)).toEqual({
      on: 'detail',
      dateField: 'date',
      endField: 'endDate',
      titleField: 'purpose',
    });
  });

  it('gives the calendar the chosen table’s own fields when it is moved from one table to the other', () => {
    const bought = { id: 'f4', name: 'bought', label: { en: 'Bought', zh: '购置' }, type: 'date' as const };
    const dated = { ...vehicle, fields: [...vehicle.fields, bought] };
    expect(calendarOptionsOn('main', dated, booking)).toMatchObject({ on: 'main', dateField: 'bought' });
    expect(calendarOptionsOn('detail', dated, booking)).toEqual({
      on: 'detail',
      dateField: 'date',
      endField: 'endDate',
      titleField: 'purpose',
    });
  });

  it('starts the form from the table, with a rule, and the form designer finds nothing wrong with it', () => {
    const form = startingForm(title, vehicle, booking);
    expect(formDesignSchema.safeParse(form).success).toBe(true);
    expect(form.items.map((i) => ('name' in i ? i.name : i.id))).toEqual(['plate', 'model', 'seats', 'Booking']);
    expect(form.rules).toHaveLength(1);
    expect(checkFormDesign(form, appMeta(vehicle, booking))).toEqual({});
  });

  it('makes a page the page checks accept: the list, and a calendar of the selected vehicle’s bookings', () => {
    const nodes = pageNodes(vehicleDraft(), vehicle, booking);
    expect(nodes.map((n) => n.type)).toEqual(['grid', 'calendar']);
    const calendar = nodes[1];
    expect(calendar?.props).toMatchObject({
      entity: 'Booking',
      detailOf: 'Vehicle',
      link: { block: 'list', field: 'vehicle' },
      dateField: 'date',
      endField: 'endDate',
    });
    const root = { uid: 'root', type: 'page', parent: null, slot: 'main', props: { filters: [] } };
    expect(checkPage([root, ...nodes], { entity: served })).toEqual({});
  });

  it('makes the other layouts pages the checks accept', () => {
    // Not the kanban: the vehicle table has no choice field, and the wizard does not offer it then.
    for (const layout of ['listDetail', 'listChart'] as const) {
      const nodes = pageNodes(vehicleDraft({ layout, layoutOptions: {} }), vehicle, booking);
      const root = { uid: 'root', type: 'page', parent: null, slot: 'main', props: { filters: [] } };
      expect(checkPage([root, ...nodes], { entity: served }), layout).toEqual({});
    }
  });

  it('grants Search and the buttons of the rights chosen', () => {
    expect(buttonCodes(vehicleDraft({ rights: ['add', 'edit', 'delete'] }))).toEqual([
      'Search',
      'Add',
      'Update',
      'Delete',
    ]);
  });
});
