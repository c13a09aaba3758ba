import { describe, expect, it } from 'vitest';
import { expandUpcE, gtinCheckDigit, gtinFromBarcodeText, isValidGtin } from './gtin';

describe('gtinCheckDigit', () => {
  it.each([
    ['400638133393', 1],
    ['950110153000', 3],
    ['03600029145', 2],
    ['9638507', 4],
    ['0950110153000', 3],
  ])('%s → %i', (body, check) => {
    expect(gtinCheckDigit(body)).toBe(check);
  });

  it('refuses anything but digits', () => {
    expect(() => gtinCheckDigit('12a4')).toThrow(RangeError);
    expect(() => gtinCheckDigit('')).toThrow(RangeError);
  });
});

describe('isValidGtin', () => {
  it.each(['4006381333931', '9501101530003', '036000291452', '96385074', '09501101530003'])(
    'accepts %s',
    (code) => expect(isValidGtin(code)).toBe(true),
  );

  it.each([
    ['a wrong check digit', '4006381333932'],
    ['two swapped digits', '4006381339331'],
    ['a length that is no GTIN', '40063813339'],
    ['letters', '400638133393X'],
    ['spaces', '4006381 333931'],
    ['nothing', ''],
  ])('rejects %s', (_, code) => expect(isValidGtin(code)).toBe(false));
});

describe('expandUpcE', () => {
  it.each([
    ['04252614', '042100005264'], // last digit 0–2: manufacturer keeps it
    ['01234531', '012300000451'], // 3
    ['01234548', '012340000058'], // 4
    ['01234565', '012345000065'], // 5–9
  ])('%s → %s', (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it('leaves what is not UPC-E shaped', () => {
    expect(expandUpcE('24252614')).toBeNull(); // number system 2 does not exist in UPC-E
    expect(expandUpcE('0425261')).toBeNull();
  });
});

describe('gtinFromBarcodeText', () => {
  it('takes EAN and UPC-A text as it is when the check digit holds', () => {
    expect(gtinFromBarcodeText('ean-upc', '4006381333931')).toBe('4006381333931');
    expect(gtinFromBarcodeText('ean-upc', ' 036000291452 ')).toBe('036000291452');
    expect(gtinFromBarcodeText('ean-upc', '4006381333932')).toBeNull();
    expect(gtinFromBarcodeText('ean-upc', 'https://example.com')).toBeNull();
  });

  it('expands UPC-E and validates the expanded number', () => {
    expect(gtinFromBarcodeText('upc-e', '04252614')).toBe('042100005264');
    expect(gtinFromBarcodeText('upc-e', '04252615')).toBeNull();
  });

  it('reads application identifier 01 from GS1 text', () => {
    expect(gtinFromBarcodeText('gs1-hri', '(01)09501101530003(17)250101')).toBe('09501101530003');
    expect(gtinFromBarcodeText('gs1-hri', '(01)09501101530003')).toBe('09501101530003');
    expect(gtinFromBarcodeText('gs1-hri', '(01)09501101530004')).toBeNull();
    expect(gtinFromBarcodeText('gs1-hri', '(10)ABC(01)09501101530003')).toBeNull();
  });
});
