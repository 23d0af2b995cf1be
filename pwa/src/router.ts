// Hash routes, so the app works from any static host and offline: #/start, #/join/ID/CODE, ...
// A route may end in parameters after "?": #/game/ID?screen=generic.
import { useEffect, useState } from "preact/hooks";

/** A route: its parts, and the parameters after "?". */
export interface Route {
  parts: string[];
  params: URLSearchParams;
}

/** Reads a hash such as "#/game/ab12?screen=generic". */
export function parseHash(hash: string): Route {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?", 2);
  return { parts: path.split("/").filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(query) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    addEventListener("hashchange", onChange);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

export function go(...parts: string[]): void {
  location.hash = "#/" + parts.map(encodeURIComponent).join("/");
}
