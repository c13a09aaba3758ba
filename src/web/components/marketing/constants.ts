/** Facts the public pages state; kept in one place so the landing and legal pages agree. */
import {
  CREDIT_PACKS as PLAN_CREDIT_PACKS,
  FREE_CREDITS,
  PREMIUM_MONTHLY_CREDITS,
  PREMIUM_PRICE_USD as PLAN_PREMIUM_PRICE_USD,
  pricePerCredit,
} from '#domain/plans';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/upload-rules';

export const COMPANY_NAME = 'Listsmith, Inc.';
export const LEGAL_EFFECTIVE_DATE = 'July 1, 2025';

// Plan facts come from src/domain so the public pages can never disagree with what is enforced.
export const FREE_GENERATIONS = FREE_CREDITS;
export const PREMIUM_PRICE_USD = PLAN_PREMIUM_PRICE_USD;
export const PREMIUM_MONTHLY_GENERATIONS = PREMIUM_MONTHLY_CREDITS;
export const PREMIUM_MAX_IMAGES_PER_UPLOAD = MAX_FILES_PER_UPLOAD.premium;
export const MAX_IMAGE_MB = MAX_FILE_BYTES / (1024 * 1024);
const MIN_USER_AGE = 18;

export const CREDIT_PACKS = PLAN_CREDIT_PACKS.map((pack) => ({
  credits: pack.credits,
  price: pack.priceUsd,
  perCredit: pricePerCredit(pack),
}));

export const SUPPORTED_FORMATS = 'JPEG, PNG, GIF, HEIC and WebP';

/** The facts the legal pages' Markdown names as `{{NAME}}`, as the text shown in their place. */
export const LEGAL_FACTS: Record<string, string> = {
  COMPANY_NAME,
  MIN_USER_AGE: String(MIN_USER_AGE),
  FREE_GENERATIONS: String(FREE_GENERATIONS),
  PREMIUM_PRICE_USD: String(PREMIUM_PRICE_USD),
  PREMIUM_MONTHLY_GENERATIONS: String(PREMIUM_MONTHLY_GENERATIONS),
  PREMIUM_MAX_IMAGES_PER_UPLOAD: String(PREMIUM_MAX_IMAGES_PER_UPLOAD),
  MAX_IMAGE_MB: String(MAX_IMAGE_MB),
  SUPPORTED_FORMATS,
  ...Object.fromEntries(
    CREDIT_PACKS.flatMap((pack, index) => [
      [`PACK_${index + 1}_CREDITS`, String(pack.credits)],
      [`PACK_${index + 1}_PRICE`, String(pack.price)],
      [`PACK_${index + 1}_PER_CREDIT`, String(pack.perCredit)],
    ]),
  ),
};
