/** Facts the public pages state; kept in one place so the landing and legal pages agree. */
export const SUPPORT_EMAIL = 'support@listsmith.app';
export const COMPANY_NAME = 'Listsmith, Inc.';
export const LEGAL_EFFECTIVE_DATE = 'July 1, 2025';

export const FREE_GENERATIONS = 3;
export const PREMIUM_PRICE_USD = 25;
export const PREMIUM_MONTHLY_GENERATIONS = 50;
export const PREMIUM_MAX_IMAGES_PER_UPLOAD = 100;
export const MAX_IMAGE_MB = 10;
export const MIN_USER_AGE = 18;

export const CREDIT_PACKS = [
  { credits: 10, price: 7, perCredit: '0.70' },
  { credits: 25, price: 15, perCredit: '0.60' },
  { credits: 50, price: 27, perCredit: '0.54' },
] as const;

export const SUPPORTED_FORMATS = 'JPEG, PNG, GIF, HEIC and WebP';
