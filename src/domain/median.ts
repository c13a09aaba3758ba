/** The median of numbers already sorted ascending; the mean of the middle two for an even count. */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
