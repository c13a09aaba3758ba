/**
 * Counts and lists as the screens write them ('10,000 products', 'Shopify and WooCommerce'),
 * without `Intl`. A page's first use of any `Intl` formatter (`toLocaleString` included) loads
 * ICU's data: 30–60 ms in one task on the 2-core development machine, paid in whichever task
 * formats first, such as evaluating the contracts or rendering the first card (ADR 057). The
 * output is what `Intl` gives for 'en-US'; the tests compare the two.
 */

/** A whole number with thousands separators: 1234567 → '1,234,567'. */
export function formatCount(count: number): string {
  const whole = Math.round(count);
  const digits = String(Math.abs(whole));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** Items joined as an English list: 'a', 'a and b', 'a, b, and c'. */
export function listWithAnd(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}
