// Pages loaded when first opened, so the first load stays small: the home page comes at once,
// the rest (boards, the editor, QR codes, the fairness check) in their own chunks, which the
// service worker keeps for offline use like the rest of the app.
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";

/** `load`'s component once loaded; meanwhile a page saying so (`inline`: a line within a page). */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>, { inline = false } = {}): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [, setReady] = useState(0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      pending ??= load();
      pending.then(
        (c) => {
          loaded = c;
          setReady((n) => n + 1);
        },
        () => {
          pending = null;
          setFailed(true);
        },
      );
    }, []);
    if (loaded) {
      const Page = loaded;
      return <Page {...props} />;
    }
    const said = <p role={failed ? "alert" : undefined}>{failed ? `This ${inline ? "part" : "page"} could not be loaded. Check the connection and reload.` : "Loading…"}</p>;
    return inline ? said : <main>{said}</main>;
  };
}
