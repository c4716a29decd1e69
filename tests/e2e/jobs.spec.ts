import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { makeLargePdf, makePdf, makePng } from "../fixtures/files.ts";
import { signInAs } from "./support/accounts.ts";

/**
 * Careers: a visitor applies with a CV (a wrong file first), an admin finds the application
 * under its listing and downloads the CV, and nobody else can.
 */
test.describe.serial("careers", () => {
  const suffix = Date.now().toString(36);
  const applicant = `Jordan Tester ${suffix}`;
  const openApplicant = `Robin Open ${suffix}`;
  const pdf = makePdf(`CV of ${applicant}`);
  let cvPath = "";

  test("a visitor browses the open roles and filters them", async ({ page }) => {
    await page.goto("/jobs");
    await expect(page).toHaveTitle("Careers · Platen");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Working at Platen" })).toBeVisible();
    for (const team of ["Engineering", "Operations", "Partnerships", "Customer support"]) {
      await expect(page.getByRole("heading", { level: 3, name: team })).toBeVisible();
    }
    await expect(page.getByText("Brand designer (contract)")).toHaveCount(0); // closed
    await expect(page.getByRole("link", { name: "Send an open application" }).first()).toHaveAttribute("href", "/jobs/general");

    await page.getByLabel("Team").selectOption("Operations");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]team=Operations/);
    await expect(page.getByRole("link", { name: /Print production lead/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Senior full-stack engineer/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page.getByRole("link", { name: /Senior full-stack engineer/ })).toBeVisible();
  });

  test("a visitor applies: a PNG named .pdf is refused next to the CV field, then a PDF goes through", async ({ page }) => {
    await page.goto("/jobs");
    await page.getByRole("link", { name: /Senior full-stack engineer/ }).click();
    await expect(page).toHaveURL(/\/jobs\/job_[0-9a-z]{26}$/);
    await expect(page).toHaveTitle("Senior full-stack engineer · Platen");
    await expect(page.getByRole("heading", { level: 1, name: "Senior full-stack engineer" })).toBeVisible();
    await expect(page.getByTestId("job-description").getByRole("heading", { name: "What you will do" })).toBeVisible();

    await page.getByLabel("Full name").fill(applicant);
    await page.getByLabel("E-mail").fill("jordan.tester@example.com");
    await page.getByLabel("Links (optional)").fill("https://github.com/jordan-tester");
    await page
      .getByLabel("Cover letter (optional)")
      .fill("I have built checkout flows for two marketplaces and would love to work on Platen.");
    const cv = page.getByLabel("CV (PDF)");
    await cv.setInputFiles({ name: "my-cv.pdf", mimeType: "application/pdf", buffer: makePng() });
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(cv).toHaveAttribute("aria-invalid", "true");
    await expect(cv).toHaveAccessibleDescription(/must be a PDF file/);
    await expect(page.getByTestId("application-confirmation")).toHaveCount(0);
    await expect(page.getByLabel("Full name")).toHaveValue(applicant);

    await cv.setInputFiles({ name: "Jordan Tester CV.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByTestId("application-confirmation")).toBeVisible();
    await expect(page.getByTestId("application-confirmation")).toContainText("Senior full-stack engineer");
    await expect(page).toHaveURL(/\?applied=1/);
  });

  test("an oversize CV is refused with 413 before the body is read; unknown listings are 404", async ({ page, request }) => {
    await page.goto("/jobs");
    await page.getByRole("link", { name: /Print production lead/ }).click();
    await expect(page).toHaveURL(/\/jobs\/job_[0-9a-z]{26}$/);
    const url = new URL(page.url()).pathname;
    const res = await request.post(url, {
      multipart: {
        name: "Big File",
        email: "big@example.com",
        cv: { name: "big.pdf", mimeType: "application/pdf", buffer: makeLargePdf(6 * 1024 * 1024) },
      },
    });
    expect(res.status()).toBe(413);
    expect(await res.text()).toContain("larger than 5 MB");

    const missing = await page.goto("/jobs/job_01aaaaaaaaaaaaaaaaaaaaaaaa");
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /jobs/job_01aaaaaaaaaaaaaaaaaaaaaaaa");
  });

  test("the open application form works too", async ({ page }) => {
    await page.goto("/jobs/general");
    await expect(page).toHaveTitle("Open application · Platen");
    await page.getByLabel("Full name").fill(openApplicant);
    await page.getByLabel("E-mail").fill("jordan.open@example.com");
    await page.getByLabel("CV (PDF)").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: makePdf() });
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByTestId("application-confirmation")).toBeVisible();
  });

  test("an admin finds the application under its listing and downloads the CV", async ({ page }) => {
    await signInAs(page, "admin", "/admin/jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Job listings" })).toBeVisible();
    const row = page.getByTestId("job-row").filter({ hasText: "Senior full-stack engineer" });
    await expect(row.getByTestId("job-status")).toHaveText("Open");
    await expect(page.getByTestId("application").filter({ hasText: openApplicant })).toBeVisible(); // open applications
    await row.getByRole("link", { name: "Senior full-stack engineer" }).click();
    await expect(page).toHaveURL(/\/admin\/jobs\/job_[0-9a-z]{26}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Senior full-stack engineer" })).toBeVisible();

    const card = page.getByTestId("application").filter({ hasText: applicant });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("application-status")).toHaveText("Received");
    const link = card.getByRole("link", { name: /Download CV/ });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${applicant} - Jordan Tester CV.pdf`);
    expect((await readFile((await download.path())!)).equals(pdf)).toBe(true);
    cvPath = new URL(download.url()).pathname;
    expect(cvPath).toMatch(/^\/admin\/jobs\/applications\/app_[0-9a-z]{26}\/cv$/);

    const res = await page.request.get(cvPath);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
    // set by the route and by helmet for every response; each value must be nosniff
    const nosniff = res.headers()["x-content-type-options"] ?? "";
    expect(nosniff.split(/,\s*/).every((v) => v === "nosniff")).toBe(true);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    expect((await res.body()).equals(pdf)).toBe(true);

    await card.getByLabel("Move to").selectOption("reviewing");
    await card.getByRole("button", { name: "Update" }).click();
    await expect(card.getByTestId("application-status")).toHaveText("Reviewing");
  });

  test("an admin sees listing validation errors next to the fields", async ({ page }) => {
    await signInAs(page, "admin", "/admin/jobs/new");
    await page.getByLabel("Title").fill("QA");
    await page.getByRole("button", { name: "Create listing" }).click();
    await expect(page.getByLabel("Title")).toHaveAccessibleDescription(/at least 3 characters/);
    await expect(page.getByLabel("Summary")).toHaveAttribute("aria-invalid", "true");
  });

  test("a shopper gets 403 on the CV URL and a visitor is sent to sign in", async ({ page, playwright, baseURL }) => {
    expect(cvPath).not.toBe("");
    const anonymous = await playwright.request.newContext({ baseURL });
    const anon = await anonymous.get(cvPath, { maxRedirects: 0 });
    expect(anon.status()).toBe(302);
    expect(anon.headers().location).toBe(`/login?next=${encodeURIComponent(cvPath)}`);
    await anonymous.dispose();

    await signInAs(page, "shopper");
    const res = await page.request.get(cvPath, { maxRedirects: 0 });
    expect(res.status()).toBe(403);
    expect(res.headers()["content-type"]).not.toContain("application/pdf");
  });
});

test.describe("careers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the open application form posts as a plain multipart form", async ({ page }) => {
    await page.goto("/jobs/general");
    await page.getByLabel("Full name").fill("Nora No-Script");
    await page.getByLabel("E-mail").fill("nora@example.com");
    const cv = page.getByLabel("CV (PDF)");
    await cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: makePng() });
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByLabel("CV (PDF)")).toHaveAccessibleDescription(/must be a PDF file/);
    await expect(page.getByLabel("Full name")).toHaveValue("Nora No-Script");
    await page.getByLabel("CV (PDF)").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: makePdf() });
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByTestId("application-confirmation")).toBeVisible();
  });
});
