import { render } from "preact";
import { registerSW } from "virtual:pwa-register";
import { App } from "./app";
import "./styles.css";

render(<App />, document.getElementById("app")!);

// The service worker keeps the app shell available offline after the first visit. Installing it
// fetches and stores every chunk, so it waits until the first screen has loaded its data and the
// page is idle, instead of competing with it.
function registerWhenIdle() {
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  setTimeout(() => idle(() => registerSW({ immediate: true }), { timeout: 3000 }), 2000);
}
if (document.readyState === "complete") registerWhenIdle();
else addEventListener("load", registerWhenIdle, { once: true });
