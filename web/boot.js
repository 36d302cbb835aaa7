// Starts Python as early as possible on an installed app: this tiny module runs before
// app.js (module scripts run in document order) and needs only engine.js, so the worker
// starts while the rest of the shell is still loading. A first visit waits for the
// service worker instead (app.js), so that each file crosses the network once.
import { engine } from "./engine.js";

if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) engine.start();
