// The reference data of migration 0103 as a customer meets it: the KycPersonWs dropdowns list
// every ISO country and the KYC categories, and a complete personal record saves with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
type Choice = { key: string; label: string };
const S = 'KycPerson';

let t: TestApp;
let carol: TestUser;

async function choices(column: string, query = ''): Promise<Choice[]> {
  const r = await t.call<Choice[]>(S, `Get${column}List`, { query, topN: 1000 }, carol.as);
  expect(r.d.status).toBe('success');
  return r.d.data!;
}

describe.each(testDatabaseKinds)('KYC reference data on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    carol = await makeUser(t, 'carol@example.com', Role.borrower);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists all 249 ISO 3166-1 countries, by alpha-2 code and English name, for every country column', async () => {
    for (const column of [
      'NationalityId15',
      'CountryOfResId15',
      'CountryOfBirthId15',
      'IdIssueCountryId15',
    ]) {
      const list = await choices(column);
      expect(list).toHaveLength(249);
      expect(new Set(list.map((c) => c.key)).size).toBe(249);
      expect(list.every((c) => /^[A-Z]{2}$/.test(c.key))).toBe(true);
      expect(list).toContainEqual({ key: 'SG', label: 'Singapore' });
      expect(list).toContainEqual({ key: 'GB', label: 'United Kingdom' });
      expect(list).toContainEqual({ key: 'CI', label: "Côte d'Ivoire" });
      // Sorted by name, as a person scans a long list.
      expect(list[0]).toEqual({ key: 'AF', label: 'Afghanistan' });
    }
    expect(await choices('NationalityId15', 'singa')).toEqual([{ key: 'SG', label: 'Singapore' }]);
  });

  it("lists the KYC categories with the 'others' codes the form expects", async () => {
    const funds = await choices('SourceOfFundsId15');
    expect(funds).toHaveLength(8);
    expect(funds.at(-1)).toEqual({ key: '8', label: 'Others' });
    expect((await choices('SourceOfWealthId15')).at(-1)).toEqual({ key: '5', label: 'Others' });
    expect((await choices('PurposeId15')).at(-1)).toEqual({ key: '4', label: 'Others' });
    const idTypes = await choices('IdTypeId15');
    expect(idTypes.map((c) => c.label)).toEqual([
      'Passport',
      'National ID card',
      'Driving licence',
      'Residence permit',
    ]);
    expect((await choices('IndustryId15')).length).toBeGreaterThan(10);
    expect((await choices('OccupationId15')).length).toBeGreaterThan(10);
  });

  it('saves a complete personal record with these choices and shows their texts', async () => {
    const n = await t.call<Row>(S, 'GetNewMst', {}, carol.as);
    const s = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      {
        mst: {
          ...n.d.data,
          Name15: 'Carol Tan',
          GenderCd15: 'F',
          NationalityId15: 'SG',
          CountryOfResId15: 'MY',
          CountryOfBirthId15: 'SG',
          DateOfBirth15: '1985-02-03',
          IndustryId15: '5',
          OccupationId15: '17',
          SourceOfFundsId15: '8',
          OthersOfFunds15: 'Mining rewards',
          SourceOfWealthId15: '5',
          OthersOfWealth15: 'Early crypto holdings',
          PurposeId15: '4',
          OthersOfPurpose15: 'Treasury management',
          AnnualIncome15: '120000.00',
          Pep15: 'N',
          IdTypeId15: '1',
          IdNumber15: 'E1234567X',
          IdIssueCountryId15: 'SG',
          IdIssueDate15: '2022-01-10',
          IdExpiryDate15: '2032-01-09',
          PhoneNbrs15: '+65 6123 4567',
          Addresses15: '1 Raffles Place',
          PostalCode15: '048616',
        },
        dtl: [],
      },
      carol.as,
    );
    expect(s.d.status).toBe('success');
    expect(s.d.data!.mst).toMatchObject({
      NationalityId15Text: 'Singapore',
      CountryOfResId15Text: 'Malaysia',
      IndustryId15Text: 'Financial services and banking',
      OccupationId15Text: 'Software developer',
      SourceOfFundsId15Text: 'Others',
      SourceOfWealthId15Text: 'Others',
      PurposeId15Text: 'Others',
      IdTypeId15Text: 'Passport',
      IdIssueCountryId15Text: 'Singapore',
      InternalStatus15: 'P1',
    });
  });

  it('refuses a country code that is not in the list', async () => {
    const n = await t.call<Row>(S, 'GetNewMst', {}, carol.as);
    const s = await t.call(
      S,
      'SaveData',
      { mst: { ...n.d.data, Name15: 'X', NationalityId15: 'XX' } },
      carol.as,
    );
    expect(s.status).toBe(400);
    expect(s.d.validationErrors).toEqual([
      { field: 'mst.NationalityId15', message: 'Nationality is not a valid choice' },
    ]);
  });
});
