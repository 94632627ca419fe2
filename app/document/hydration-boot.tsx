import { DEFERRED_MODULE_ATTR, DEFERRED_PRELOAD_ATTR } from "./defer-scripts";

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
 */
const BOOT = `(function(){
var d=document,started=false,nonce=d.currentScript&&d.currentScript.nonce;
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
