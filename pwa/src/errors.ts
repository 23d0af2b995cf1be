// Errors as a player reads them. The referee's refusals and the app's own checks are already
// sentences (`InWords`: `ApiError` is one); anything else (a bug, a browser without some
// feature) is never shown as the browser wrote it ("Cannot read properties of undefined…"):
// the player reads what did not happen and what to do, and the details go to the console for
// whoever debugs it.

/** An error whose message is already a sentence for the player. */
export class InWords extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InWords";
  }
}

/** The sentence to show for `e`; `what` says what did not happen ("Joining", "Creating the
 * game"), for errors that carry no words of their own. */
export function errorWords(e: unknown, what = "That"): string {
  if (e instanceof InWords) return e.message;
  console.warn(`${what} failed:`, e);
  return `${what} did not work on this phone: the app met an error of its own (the referee refused nothing). Reload the page and try again.`;
}
