/**
 * Two independent readings combined: the chance that at least one is right. Its own module so
 * the label matcher and the category support (which reads label matches) need not import each
 * other.
 */
export const noisyOr = (a: number, b: number) => 1 - (1 - a) * (1 - b);
