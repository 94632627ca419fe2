import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await b.newContext({ viewport: { width: 1280, height: 900 }, locale: "ru-RU" });
const p = await ctx.newPage();
await p.goto("http://localhost:3500/");
for (let i = 0; i < 3; i++) {
let t = Date.now(); const a = await new AxeBuilder({ page: p }).options({ resultTypes: ["violations"] }).analyze(); const ta = Date.now() - t;
t = Date.now(); const c = await new AxeBuilder({ page: p }).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze(); const tc = Date.now() - t;
console.log("default", ta, "legacy", tc, JSON.stringify(a.violations.map(v=>v.id+v.nodes.length)), JSON.stringify(c.violations.map(v=>v.id+v.nodes.length)));
}
await b.close();
