import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import type { ExtractionTemplateView } from '../../src/domain/schemas/extraction-templates';
import { loadExtractionTemplates } from '../../server/intake/extract/template-store';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const ACME = 'SUPACMESCI01';
const url = `/api/org/${ACME}/extraction-template`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small valid template for a layout that prints "Invoice: N", "Date: D/M/Y" and "Total: X". */
function body(overrides: Record<string, unknown> = {}) {
  return {
    keywords: ['^Kestrel Trading Pty Ltd$'],
    fields: { documentId: 'Invoice: (\\S+)', dateCreated: 'Date: (\\S+)', totalValue: 'Total: ([\\d,.]+)' },
    lines: { start: '^Items$', end: '^Total', line: '^(?P<description>.+?)  (?P<qtyShipped>\\d+)  (?P<unitPrice>[\\d.]+)  (?P<grossLineTotal>[\\d.]+)$' },
    options: { dateFormats: ['DD/MM/YYYY'] },
    ...overrides,
  };
}

const post = (who: string, name: string, template: unknown) =>
  t.as(who, { method: 'POST', url, payload: { name, template: typeof template === 'string' ? template : JSON.stringify(template) } });

describe("a supplier's extraction templates (support only)", () => {
  it('lists the shipped template of a demo supplier', async () => {
    const res = await t.as(SUPPORT, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const views = res.json<ExtractionTemplateView[]>();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ id: null, name: 'Acme Scientific tax invoice', supplierKey: ACME, shipped: true, updatedAt: null });
    expect(JSON.parse(views[0]!.template).fields.documentId).toBe('Invoice No  (\\S+)');
  });

  it('is refused to anyone but support, and for an account that is not a supplier', async () => {
    expect((await t.as(SUPPLIER, { method: 'GET', url })).statusCode).toBe(403);
    expect((await post(SUPPLIER, 'Mine', body())).statusCode).toBe(403);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/extraction-template' })).statusCode).toBe(404);
  });

  it('refuses patterns RE2 will not run, lines without the columns they need, and broken JSON, naming each', async () => {
    const res = await post(SUPPORT, 'Bad', {
      ...body(),
      keywords: ['(a+)+\\1'],
      fields: { documentId: '(?=x)Invoice (\\S+)', dateCreated: 'Date', totalValue: '(unclosed' },
      lines: { start: 'Items', end: 'Total', line: '^(?P<description>.+) (?P<colour>\\w+)$' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: string[] }>().errors;
    expect(errors).toEqual([
      expect.stringMatching(/^Template keywords\[0\] is not a usable pattern: .*\\1/),
      expect.stringMatching(/^Template fields\.documentId is not a usable pattern: .*\(\?=/),
      fieldErrors.templateFieldGroup('dateCreated'),
      expect.stringMatching(/^Template fields\.totalValue is not a usable pattern: /),
      fieldErrors.templateLineGroupUnknown('colour'),
      fieldErrors.templateLineGroups('qtyShipped, unitPrice, grossLineTotal'),
    ]);
    const notJson = await post(SUPPORT, 'Bad', '{"keywords": [');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ errors: string[] }>().errors[0]).toMatch(/^Template is not valid JSON: /);
    const missing = await post(SUPPORT, 'Bad', { keywords: ['x'], fields: {} });
    expect(missing.json<{ errors: string[] }>().errors).toEqual(['documentId', 'dateCreated', 'totalValue'].map(fieldErrors.templateRequiredField));
  });

  it('saves, renames, replaces a shipped one of the same name, and deletes; the intake loads what is saved', async () => {
    const created = await post(SUPPORT, 'Kestrel layout', body());
    expect(created.statusCode).toBe(201);
    const view = created.json<ExtractionTemplateView>();
    expect(view).toMatchObject({ name: 'Kestrel layout', shipped: false, supplierKey: ACME });
    expect((await post(SUPPORT, 'Kestrel layout', body())).statusCode).toBe(409);

    const loaded = await loadExtractionTemplates(t.db, { preferSupplierKey: ACME });
    expect(loaded[0]).toMatchObject({ name: 'Kestrel layout', supplierKey: ACME, options: { dateFormats: ['DD/MM/YYYY'], currency: 'AUD' } });

    // Saving under the shipped template's name replaces it for this supplier.
    const replacing = await post(SUPPORT, 'Acme Scientific tax invoice', body({ keywords: ['^Acme Scientific$'] }));
    expect(replacing.statusCode).toBe(201);
    const listed = (await t.as(SUPPORT, { method: 'GET', url })).json<ExtractionTemplateView[]>();
    expect(listed.map((v) => [v.name, v.shipped])).toEqual([
      ['Acme Scientific tax invoice', false],
      ['Kestrel layout', false],
    ]);
    const acmeTemplates = (await loadExtractionTemplates(t.db)).filter((x) => x.supplierKey === ACME);
    expect(acmeTemplates.map((x) => x.keywords[0])).toEqual(['^Acme Scientific$', '^Kestrel Trading Pty Ltd$']);

    const put = await t.as(SUPPORT, { method: 'PUT', url: `${url}/${view.id}`, payload: { name: 'Kestrel v2', template: JSON.stringify(body()) } });
    expect(put.statusCode).toBe(200);
    expect(put.json<ExtractionTemplateView>().name).toBe('Kestrel v2');

    const replacingId = replacing.json<ExtractionTemplateView>().id;
    expect((await t.as(SUPPORT, { method: 'DELETE', url: `${url}/${replacingId}` })).statusCode).toBe(200);
    const after = (await t.as(SUPPORT, { method: 'GET', url })).json<ExtractionTemplateView[]>();
    expect(after.map((v) => [v.name, v.shipped])).toEqual([
      ['Kestrel v2', false],
      ['Acme Scientific tax invoice', true],
    ]);

    const history = await t.db.selectFrom('history').select(['action', 'description']).where('entity_key', '=', ACME).where('entity', '=', 'account').orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['Extraction template added', 'Extraction template added', 'Extraction template updated', 'Extraction template deleted']);
  });
});
