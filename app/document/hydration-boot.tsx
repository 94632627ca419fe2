import { DEFERRED_MODULE_ATTR, DEFERRED_PRELOAD_ATTR, HYDRATION_STARTED } from "./defer-scripts";

const RELEASE = HYDRATION_STARTED;

/**
 * Starts the hydration after the first paint (ADR 080). The server made Remix's module preloads and its
 * module script inert (defer-scripts.server.ts); this classic inline script, rendered right after
 * `<Scripts>`, waits until the browser reports the first contentful paint and only then re-creates them in
 * the head: the preloads (so every module of the first view is fetched in parallel) and the module script
 * (which imports the route modules and the client entry, which hydrates). So no script request can start
 * before the first paint, in any run, whatever the network or the machine does.
 *
 * Without JavaScript, and until the hydration, the page works as plain links and forms (every journey
 * does, DESIGN.md). A tab opened in the background never paints: it starts at once. Browsers without paint
 * timing start after the first animation frame; a safety timer starts it if no paint is ever reported.
 *
 * The document's `load` event still waits for the hydration to start, as it did when the module scripts
 * were parser-inserted: a hidden, empty iframe whose document is held open (`document.open()`) delays the
 * page's load event until the client entry has called `hydrateRoot` and closes it (`hydrationStarted`
 * below; a 15 s timer closes it if the scripts never run). So whatever waits for `load` (a test runner, a
 * crawler) finds React attached, and no request is involved.
 */
const BOOT = `(function(){
var d=document,started=false,nonce=d.currentScript&&d.currentScript.nonce,gate=null;
try{gate=d.createElement("iframe");gate.hidden=true;gate.tabIndex=-1;gate.title="";gate.setAttribute("aria-hidden","true");d.body.appendChild(gate);gate.contentDocument.open();}catch(e){gate=null;}
window.${RELEASE}=function(){if(!gate)return;var g=gate;gate=null;try{g.contentDocument.close();}catch(e){}g.remove();};
setTimeout(window.${RELEASE},15000);
function start(){
if(started)return;started=true;
var h=d.head,links=d.querySelectorAll("link[${DEFERRED_PRELOAD_ATTR}]");
for(var i=0;i<links.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=links[i].getAttribute("href");h.appendChild(l);}
var m=d.querySelector("script[${DEFERRED_MODULE_ATTR}]");
if(!m)return;
var s=d.createElement("script");s.type="module";if(nonce)s.nonce=nonce;s.textContent=m.textContent;h.appendChild(s);
}
if(d.visibilityState==="hidden")return start();
setTimeout(start,5000);
try{
if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;
var o=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();start();}});
o.observe({type:"paint",buffered:true});
}catch(e){requestAnimationFrame(function(){setTimeout(start,0);});}
})();`;

export function HydrationBoot({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BOOT }} />;
}
