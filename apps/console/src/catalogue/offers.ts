/** A price as the form shows it: its digits, or empty for none. */
export const priceText = (price: number | null): string => (price === null ? '' : String(price));

/**
 * The price typed, or its problem (the server says the same): whole NT$ 1–100,000; empty is no
 * price, which the title's own way of selling may not be.
 */
export function priceOf(
  text: string,
  required: boolean,
): { price: number | null; problem?: string } {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') {
    return required ? { price: null, problem: '這部影片的銷售方式需要價格' } : { price: null };
  }
  if (!/^\d+$/.test(trimmed)) return { price: null, problem: '價格須為整數' };
  const price = Number(trimmed);
  if (price < 1) return { price: null, problem: '價格至少為 1 元' };
  if (price > 100_000) return { price: null, problem: '價格最多為 100,000 元' };
  return { price };
}
