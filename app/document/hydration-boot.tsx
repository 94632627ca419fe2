import { DEFERRED_MODULE_ATTR, DEFERRED_PRELOAD_ATTR } from "./defer-scripts";

/**
 * Each request a script starts costs the main thread a few ms (Chromium's resource fetcher; 2–10 ms each at 4×
 * CPU throttling, ADR 109): the preloads are appended in slices of about this long, each slice its own task, so
 * that a dozen of them do not make one long task.
 */
const SLICE_MS = 4;
/**
 * How long the boot waits, after the first paint, for the images then in the viewport (ADR 121): their paint
 * is the page's largest one, and no script request should share the network with them; a slow image does not
 * hold the hydration longer than this.
 */
const IMAGE_WAIT_MS = 1500;
/*
 * The first Intl.NumberFormat a page creates initialises ICU's number formatting in the renderer: 25–35 ms,
 * whatever the locale or options (measured in Chromium, ADR 109, ADR 117; a first PluralRules costs under 1 ms);
 * later ones cost ~0.1 ms. On a page whose hydration formats a price it came inside a hydration task and made it
 * long: there the boot creates one in a task of its own while the modules download (`warmIntl`), so the
 * hydration's tasks do not carry it. A page whose hydration formats no number skips it (`HydrationBoot`).
 */

/**
 * Starts the hydration after the first paint (ADR 080) and the images it is waiting for (ADR 121). The server
 * made Remix's module preloads and its module script inert (defer-scripts.server.ts); this classic inline
 * script, rendered right after `<Scripts>`, waits until the browser reports the first contentful paint, then
 * for the images then in the viewport (not lazy): each decoded, and either reported as a largest contentful
 * paint or too small ever to be one; at most `IMAGE_WAIT_MS`. Then for the next frame (the paint of the whole
 * document: the first paint may have come while the stream's first part was parsed, before this script ran), and
 * only then re-creates them in the head: the preloads (so every module of the first view
 * is fetched in parallel) and the module script (which imports the route modules and the client entry, which
 * hydrates). So no script request can start before the first paint, in any run, whatever the network or the
 * machine does, nor before the largest paint (its text or its image).
 *
 * Without JavaScript, and until the hydration, the page works as plain links and forms (every journey
 * does, DESIGN.md). A tab opened in the background never paints: it starts at once. Browsers without paint
 * timing start after the first animation frame; a safety timer starts it if no paint is ever reported.
 *
 * The viewport's size is read only then: read while the document is parsed, `innerWidth` makes the browser lay
 * out the document so far inside the parse task (18–28 ms of a 240 KB menu on this machine, 4× in the lab).
 *
 * The document's `load` event does not wait for the hydration (ADR 131): on a page with no image still loading it
 * comes first, and nothing in the storefront listens for it. (A hidden iframe held open used to delay it until
 * `hydrateRoot`, ADR 080 and 109; that frame cost every page load 11–37 ms of main thread. The browser tests'
 * harness makes it now, e2e/helpers/load-gate.ts, so that a test's clicks after `page.goto` reach React.)
 */
export const BOOT = `(function(){
var d=document,started=false,me=d.currentScript,nonce=me&&me.nonce,warm=me&&me.hasAttribute("data-warm-intl");
var ch=typeof MessageChannel==="function"?new MessageChannel():null,queue=[];
if(ch)ch.port1.onmessage=function(){var f=queue.shift();if(f)f();};
function later(f){if(ch){queue.push(f);ch.port2.postMessage(0);}else setTimeout(f,0);}
function warmIntl(){try{new Intl.NumberFormat(d.documentElement.lang||undefined).format(1);}catch(e){}}
function start(){
if(started)return;started=true;
var h=d.head,links=d.querySelectorAll("link[${DEFERRED_PRELOAD_ATTR}]"),i=0;
var m=d.querySelector("script[${DEFERRED_MODULE_ATTR}]");
function step(){
var t=performance.now();
while(i<links.length){var l=d.createElement("link");l.rel="modulepreload";l.href=links[i++].getAttribute("href");h.appendChild(l);if(performance.now()-t>${SLICE_MS})return later(step);}
if(!m)return;
var s=d.createElement("script");s.type="module";if(nonce)s.nonce=nonce;s.textContent=m.textContent;h.appendChild(s);
if(warm)later(warmIntl);
}
step();
}
var vw=0,vh=0,seen=[],largest=0,recheck=function(){};
try{new PerformanceObserver(function(l){var e=l.getEntries();for(var k=0;k<e.length;k++){seen.push(e[k].element);if(e[k].size>largest)largest=e[k].size;}recheck();}).observe({type:"largest-contentful-paint",buffered:true});}catch(e){seen=null;}
function area(im){var r=im.getBoundingClientRect(),w=Math.min(r.right,vw)-Math.max(r.left,0),h=Math.min(r.bottom,vh)-Math.max(r.top,0),a=w>0&&h>0?w*h:0,n=im.naturalWidth*im.naturalHeight;return n&&n<a?n:a;}
function painted(){setTimeout(start,0);}
function afterImages(){
vw=window.innerWidth;vh=window.innerHeight;
var imgs=d.images,waiting=[],decoded=[],k;
for(k=0;k<imgs.length;k++)if(imgs[k].loading!=="lazy"&&area(imgs[k])>0)waiting.push(imgs[k]);
var go=function(){go=recheck=function(){};requestAnimationFrame(painted);};
recheck=function(){for(var k=waiting.length-1;k>=0;k--){var im=waiting[k];if(decoded.indexOf(im)>=0&&(!seen||seen.indexOf(im)>=0||area(im)<=largest))waiting.splice(k,1);}if(!waiting.length)go();};
if(!waiting.length)return go();
setTimeout(function(){go();},${IMAGE_WAIT_MS});
function ready(im,ok){return function(){var j=waiting.indexOf(im);if(ok)decoded.push(im);else if(j>=0)waiting.splice(j,1);recheck();};}
for(k=0;k<waiting.length;k++)waiting[k].decode().then(ready(waiting[k],1),ready(waiting[k],0));
}
if(d.visibilityState==="hidden")return start();
setTimeout(start,5000);
try{
if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;
var o=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();afterImages();}});
o.observe({type:"paint",buffered:true});
}catch(e){requestAnimationFrame(painted);}
})();`;

/**
 * The script's text, on the server only: it runs from the server's HTML, a script React inserts in the
 * browser never runs, and on hydration React keeps the server's inner HTML (as ADR 110's JSON-LD and ADR 114's
 * analytics snippet), so the browser's bundle does not carry them (ADR 117: about 1.2 KB gzip on every first view).
 */
const BOOT_HTML = { __html: import.meta.env.SSR ? BOOT : "" };

/**
 * `warmIntl`: the page's hydration formats a number (a price, a weight), so the boot creates the first Intl
 * object in a task of its own; a page whose hydration formats none (the home and the menu, whose cards are kept
 * as the server sent them, ADR 106) does not pay ICU's 25–35 ms at all (ADR 117, `hydratesNumbers`).
 */
export function HydrationBoot({ nonce, warmIntl }: { nonce?: string; warmIntl: boolean }) {
  return (
    <script
      nonce={nonce}
      data-warm-intl={warmIntl ? "" : undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={BOOT_HTML}
    />
  );
}
