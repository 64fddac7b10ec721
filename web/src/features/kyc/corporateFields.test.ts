import { describe, expect, it } from 'vitest';
import { corporateFields, corporateValue, dropdownChoices } from './corporateFields.ts';

describe('corporate detail fields', () => {
  it('cover every KycCorporate16 field a customer sees', () => {
    expect(corporateFields.map((f) => f.name)).toEqual([
      'Name16',
      'IncorpNumber16',
      'EntityTypeId16',
      'OwnershipTypeId16',
      'BusinessTypeId16',
      'Pep16',
      'CountryOfIncorpId16',
      'CountryOfOpId16',
      'CountryOfAddrId16',
      'SourceOfFundsId16',
      'BusSourceOfWealthId16',
      'PurposeId16',
      'PhoneNbrs16',
      'Addresses16',
    ]);
  });
  it('show the stored value, or for reading the server label, Yes/No and dates as MMMM D, YYYY', () => {
    const row = { EntityTypeId16: 'PTE', EntityTypeId16Text: 'Private limited company', Active23: 'Y' };
    expect(corporateValue(row, 'EntityTypeId16')).toBe('PTE');
    expect(corporateValue(row, 'EntityTypeId16', true)).toBe('Private limited company');
    expect(corporateValue(row, 'Active23', true)).toBe('Yes');
    expect(corporateValue({ DateAppointed23: '2024-03-05' }, 'DateAppointed23', true)).toBe('March 5, 2024');
    expect(corporateValue({}, 'Name16', true)).toBe('');
  });
});

describe('corporate dropdown choices', () => {
  const lists = { GetEntityTypeId16List: [{ key: 'LLC', label: 'Limited company' }] };

  it("are the server's list", () => {
    expect(dropdownChoices({ EntityTypeId16: 'LLC' }, 'EntityTypeId16', lists)).toEqual([
      { value: 'LLC', label: 'Limited company' },
    ]);
  });

  it('keep a retired stored code with its stored text', () => {
    expect(
      dropdownChoices({ EntityTypeId16: 'OLD', EntityTypeId16Text: 'Old type' }, 'EntityTypeId16', lists),
    ).toEqual([
      { value: 'LLC', label: 'Limited company' },
      { value: 'OLD', label: 'Old type' },
    ]);
    expect(dropdownChoices({ EntityTypeId16: 'OLD' }, 'EntityTypeId16', {})).toEqual([
      { value: 'OLD', label: 'OLD' },
    ]);
  });
});
