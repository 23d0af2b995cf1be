import { render } from "preact";
import { registerSW } from "virtual:pwa-register";
import { App } from "./app";
import "./styles.css";

render(<App />, document.getElementById("app")!);
// The service worker keeps the app shell available offline after the first visit.
registerSW({ immediate: true });
