import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that seed the demo catalogue or start processes of their own: the longest ones. */
const HEAVY = /\b(seedDemo|seedDemoProducts|seedDemoBlanks)\(|\bDEMO_STEPS\b|\b(spawn|fork)\(/;
/** The file that seeds the whole demo, rendering its templates and mockups into the shared directory. */
const RENDERS_DEMO = /server\/seed\/seed\.test\.ts$/;

/**
 * Vitest orders files by its cache of durations (failed first, then the longest). On a fresh clone
 * it has none, and the files that seed the demo catalogue (20-40 s each) landed wherever: two of
 * them at once each rendered the same cold templates and mockups, or one started last and kept a
 * worker busy long after the other had run out. Without a cache, then: the file that seeds the
 * whole demo first (it renders the images into the directory the others reuse), the other heavy
 * files once a quarter of the light ones has run (by then the images are there), the rest after.
 */
export default class DemoFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const known = (f: TestSpecification) => this.ctx.cache.getFileTestResults(`${f.project.name}:${f.moduleId.slice(root.length + 1)}`);
    if (sorted.every(known)) return sorted;
    const first = sorted.filter((f) => RENDERS_DEMO.test(f.moduleId));
    const rest = sorted.filter((f) => !RENDERS_DEMO.test(f.moduleId));
    const heavy = rest.filter((f) => HEAVY.test(readFileSync(f.moduleId, "utf8")));
    const light = rest.filter((f) => !heavy.includes(f));
    const cut = Math.ceil(light.length / 4);
    return [...first, ...light.slice(0, cut), ...heavy, ...light.slice(cut)];
  }
}
