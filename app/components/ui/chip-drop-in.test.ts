import { createElement as h, type ElementType } from "react";
import { describe, expect, it } from "vitest";
import type { TemplateLookup } from "#app/theme/server-templates.ts";
import { renderServerTemplates } from "#app/theme/server-templates.server.tsx";
import { THEME_NAMES } from "#app/theme/themes.ts";
import { renderWithTemplates } from "#tests/support/styled-render.ts";
import Chip, { chipTemplate } from "./ChipOnServer.tsx";

const render = renderWithTemplates;

const C = Chip as ElementType;

describe("Chip drop-in (a plain label from the server's template, issue 24)", () => {
  const started = performance.now();
  const rendered = renderServerTemplates([chipTemplate]);
  const renderMs = performance.now() - started;
  let used = 0;
  const lookup: TemplateLookup = (...args) => {
    const t = rendered(...args);
    if (t) used += 1;
    return t;
  };

  it("is the HTML and CSS MUI's Chip renders, for every colour, size and variant in the three themes", () => {
    for (const theme of THEME_NAMES) {
      for (const variant of chipTemplate.variants) {
        const [color, size, v] = variant.split(" ");
        const node = h(
          "div",
          null,
          h(C, { color, size, variant: v, label: `Tom & "Jerry" <3's`, "data-status": "paid", "aria-label": "Status" }),
          h(C, { color, size, variant: v, label: 42, className: "mine", id: "c1" }),
        );
        const templated = render(node, theme, lookup);
        expect(templated, `${theme} ${variant}`).toEqual(render(node, theme, null));
      }
    }
    expect(used).toBe(THEME_NAMES.length * chipTemplate.variants.length * 2);
    // Rendered when the server starts serving: 28 chips per theme.
    expect(renderMs).toBeLessThan(5_000);
  });

  it("leaves a chip that does more to MUI", () => {
    used = 0;
    const cases: Record<string, unknown>[] = [
      { label: "Go", clickable: true },
      { label: "Go", onClick: () => undefined },
      { label: "Tag", onDelete: () => undefined },
      { label: "Pink", sx: { bgcolor: "pink" } },
      { label: "Off", disabled: true },
      { label: "Link", component: "a", href: "/x", clickable: true },
      { label: h("b", null, "bold") },
    ];
    for (const props of cases)
      expect(render(h(C, props), "myPurpleTheme", lookup), JSON.stringify(props)).toEqual(render(h(C, props), "myPurpleTheme", null));
    expect(used).toBe(0);
  });
});
