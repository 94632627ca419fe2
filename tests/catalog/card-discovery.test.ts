import { describe, expect, it } from "vitest";
import { DISCOVER_PER_SLICE, discoverCardLinks, linksToDiscover, type LinkLike, type LinkRoot } from "~/features/menu/card-discovery";

/** a card link as the grid sees it: attributes, and whether it is still in the document */
class FakeLink implements LinkLike {
  isConnected = true;
  readonly attrs = new Map<string, string>();
  constructor(href: string, discover = false) {
    this.attrs.set("href", href);
    if (discover) this.attrs.set("data-discover", "true");
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  hasAttribute(name: string) {
    return this.attrs.has(name);
  }
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
  }
  get marked() {
    return this.attrs.get("data-discover") === "true";
  }
}

const root = (links: FakeLink[]): LinkRoot => ({
  querySelectorAll: (selector) => {
    expect(selector).toBe("a[data-nav][href]");
    return links;
  },
});

/** a card's links: the photo's, the name's, and the "choose" button's when it has modifiers */
const cards = (n: number, linksPerCard = 2) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: linksPerCard }, () => new FakeLink(`/menus/501/positions/${10001 + i}`))).flat();

/** the idle callbacks, run by the test one at a time */
function idleQueue() {
  const queue: (() => void)[] = [];
  const schedule = (task: () => void) => {
    queue.push(task);
    return () => queue.splice(queue.indexOf(task) >>> 0, 1);
  };
  const runNext = () => queue.shift()?.();
  return { schedule, runNext, get pending() {
    return queue.length;
  } };
}

describe("which card links are marked for route discovery (ADR 134)", () => {
  it("one link per detail URL, in the cards' order", () => {
    const links = cards(3, 3);
    expect(linksToDiscover(root(links))).toEqual([links[0], links[3], links[6]]);
  });

  it("none whose URL a link already carries the attribute for", () => {
    const links = [new FakeLink("/menus/501/positions/1"), new FakeLink("/menus/501/positions/1", true), new FakeLink("/menus/501/positions/2")];
    expect(linksToDiscover(root(links))).toEqual([links[2]]);
  });
});

describe("marking the cards' links when the browser is idle (ADR 134)", () => {
  it("marks nothing in the grid's effect, then a slice per idle callback until every card's URL is marked", () => {
    const links = cards(DISCOVER_PER_SLICE * 2 + 5);
    const idle = idleQueue();
    discoverCardLinks(root(links), idle.schedule);
    expect(links.filter((a) => a.marked)).toHaveLength(0);
    idle.runNext();
    expect(links.filter((a) => a.marked)).toHaveLength(DISCOVER_PER_SLICE);
    idle.runNext();
    idle.runNext();
    expect(idle.pending).toBe(0);
    const urls = new Set(links.filter((a) => a.marked).map((a) => a.getAttribute("href")));
    expect(urls.size).toBe(DISCOVER_PER_SLICE * 2 + 5);
    expect(links.filter((a) => a.marked)).toHaveLength(DISCOVER_PER_SLICE * 2 + 5);
  });

  it("stops when the grid goes (its effect's cleanup), and skips a link no longer in the document", () => {
    const links = cards(DISCOVER_PER_SLICE * 3);
    const idle = idleQueue();
    const cancel = discoverCardLinks(root(links), idle.schedule);
    const [gone] = links as [FakeLink];
    gone.isConnected = false;
    idle.runNext();
    expect(gone.marked).toBe(false);
    expect(links.filter((a) => a.marked)).toHaveLength(DISCOVER_PER_SLICE - 1);
    cancel();
    expect(idle.pending).toBe(0);
    idle.runNext();
    expect(links.filter((a) => a.marked)).toHaveLength(DISCOVER_PER_SLICE - 1);
  });
});
