// What the games' options forms share.

/** The number in a number field or a select, from its input event. */
export const numberOf = (e: Event) => Number((e.target as HTMLInputElement | HTMLSelectElement).value);
