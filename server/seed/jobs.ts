import { eq } from "drizzle-orm";
import { newId, type Db } from "../infra/db/index.ts";
import { jobListings } from "../modules/careers/schema.ts";
import type { EmploymentType, JobStatus, WorkMode } from "../modules/careers/index.ts";

interface DemoJob {
  title: string;
  team: string;
  location: string;
  employmentType: EmploymentType;
  remote: WorkMode;
  status: JobStatus;
  summary: string;
  description: string;
}

export const DEMO_JOBS: DemoJob[] = [
  {
    title: "Senior full-stack engineer",
    team: "Engineering",
    location: "Berlin, Germany",
    employmentType: "full_time",
    remote: "hybrid",
    status: "open",
    summary:
      "Own features of the marketplace end to end, from the PostgreSQL schema to the checkout page, for artists, print shops and their customers.",
    description: `Platen is the marketplace where independent artists open stores, print shops run production, and shoppers buy the result. Our stack is deliberately boring and well understood: TypeScript everywhere, React with server rendering, PostgreSQL, and a small set of background jobs behind an outbox.

## What you will do

- Ship features across the whole stack: the product designer partners use to place artwork on a blank, the routing that sends each order line to the right warehouse, the ledger that shows where every cent of an order went.
- Design schemas and state machines that stay correct under retries and concurrent writes. An order that is charged twice, or shipped without being paid, is a bug we treat as an incident.
- Keep pages fast and usable on a mid-range phone on a train: server-rendered, working before JavaScript loads, accessible to keyboard and screen-reader users.
- Review code, write the tests that let us deploy several times a day, and take your turn on the (quiet) on-call rotation.

## What you bring

- Five or more years building and running web products in production, with TypeScript or a similar typed language.
- Solid SQL: you can read a query plan and you know when a transaction needs a lock.
- Experience with payments, e-commerce or marketplaces is a strong plus; experience with print production is a delightful surprise.
- Clear written English. Most of our decisions start as a short written proposal.

## What we offer

- A salary of €85,000–€105,000 depending on experience, plus employee stock options.
- Three days a week in our Kreuzberg office, the rest wherever you work best.
- 30 days of paid holiday, a €1,500 yearly learning budget and a hardware budget of your choice.
- A free Platen store of your own, with the platform fee waived, if you make things.

## How we hire

A 30-minute call with the hiring manager, a take-home exercise of about three hours (paid), a technical conversation about it, and a meeting with two future teammates. We answer every application within ten working days.`,
  },
  {
    title: "Print production lead",
    team: "Operations",
    location: "Leipzig, Germany",
    employmentType: "full_time",
    remote: "onsite",
    status: "open",
    summary:
      "Run the daily print, pack and ship flow in our Leipzig partner facility and set the quality standard our fulfiller network follows.",
    description: `Every order on Platen ends in a print shop. In Leipzig we run production together with our first fulfillment partner, and that floor is where we learn what the rest of our fulfiller network should do.

## What you will do

- Lead a team of eight printers and packers across two shifts: plan batches, balance DTG, DTF and sublimation queues, and make sure orders leave within our promised production time.
- Own print quality: colour profiles per blank and ink set, pre-treatment settings, test prints for new blanks, and the reprint decisions when a case is opened for a damaged or misprinted item.
- Turn what works on the floor into checklists and settings our other fulfillers can adopt through the Platen fulfiller tools.
- Work with the carriers on daily manifests and pickups, and with our support team on every "not delivered" and "wrong item" case.
- Keep the floor safe: machine maintenance plans, chemical handling and training for new team members.

## What you bring

- At least three years in garment decoration or print-on-demand production, with at least one year leading a team.
- Hands-on experience with DTG printers (Kornit, Epson or Brother) and heat presses; screen printing or sublimation is a plus.
- A calm head on a peak day in December, and the habit of writing down what went wrong so it does not happen again.
- German and English at a working level.

## What we offer

- €52,000–€60,000 a year, plus a production bonus tied to on-time and first-time-right rates.
- Day shifts Monday to Friday; paid overtime in the peak season, planned weeks ahead.
- 28 days of paid holiday, a public transport ticket and safety gear chosen by you.`,
  },
  {
    title: "Partner success manager",
    team: "Partnerships",
    location: "Amsterdam, Netherlands",
    employmentType: "full_time",
    remote: "hybrid",
    status: "open",
    summary:
      "Help artists and brands launch and grow their Platen stores: onboarding, product strategy, and the feedback loop to our product team.",
    description: `Our partners are illustrators, bands, small fashion labels and museum shops. Most of them have never run a print-on-demand store before. You make sure their first month on Platen is a good one, and that the next eleven are better.

## What you will do

- Onboard new partners from approval to their first ten sales: store profile, first products, pricing that covers base cost and leaves a fair margin, and payouts set up through Stripe.
- Look after a portfolio of around 150 growing stores with regular check-ins, seasonal launch plans and honest advice about which products sell.
- Run monthly webinars on artwork preparation, mockups and store promotion, and keep our partner help articles accurate.
- Bring what partners tell you back to product and engineering as clear, prioritised feedback, and tell partners what changed because of it.
- Handle the hard conversations too: copyright claims, takedowns and disputes, fairly and on the record.

## What you bring

- Two or more years in partner, creator or customer success, ideally at a marketplace, a SaaS company or an agency working with creators.
- A good eye for design and merchandise, and the patience to explain DPI and bleed for the hundredth time, kindly.
- Comfort with numbers: margins, conversion rates and payout statements should not scare you.
- Fluent English; Dutch, German or French is a plus.

## What we offer

- €55,000–€65,000 a year, plus a bonus tied to partner retention.
- Two office days a week in Amsterdam-Noord, travel to a few partner events a year.
- 27 days of paid holiday, a home office budget and a yearly team week together.`,
  },
  {
    title: "Customer support specialist",
    team: "Customer support",
    location: "Remote (EU time zones)",
    employmentType: "part_time",
    remote: "remote",
    status: "open",
    summary:
      "Answer shoppers and partners by e-mail, solve order cases with our print shops, and make sure every reply is one a customer would thank us for.",
    description: `When a hoodie arrives in the wrong size or a parcel is stuck at a depot, our support team is who the shopper talks to. We aim for a first reply within four working hours, and a resolution the shopper would call fair.

## What you will do

- Answer questions from shoppers and partners by e-mail and through the contact form, about 25 hours a week.
- Work support cases on orders from open to resolved: collect photos, agree reprints or refunds with the fulfiller concerned, and keep the shopper informed at every step.
- Spot patterns (a carrier with delays, a blank with sizing complaints) and flag them to operations with the evidence.
- Improve our saved replies and help articles so the next customer finds the answer without writing to us.

## What you bring

- At least one year in customer support, ideally for an online shop or a marketplace.
- Excellent written English: friendly, precise and never defensive. A second EU language is a plus.
- Care for details: order numbers, tracking events and refund amounts have to be exactly right.
- A quiet place to work and a reliable internet connection within UTC to UTC+2.

## What we offer

- 25 hours a week on a schedule we plan together, Monday to Friday, no night shifts.
- €24 an hour as a contractor or the equivalent salary as an employee in Germany, the Netherlands, Spain or Portugal.
- Paid onboarding with a dedicated buddy, and a yearly trip to meet the team.`,
  },
  {
    title: "Brand designer (contract)",
    team: "Marketing",
    location: "Berlin, Germany",
    employmentType: "contract",
    remote: "remote",
    status: "closed",
    summary:
      "A six-month contract to refresh Platen's visual identity, from the logo lock-ups to the packaging inserts our print shops put in every parcel.",
    description: `We have filled this role. Thank you to everyone who applied.

## What the role covered

- A refresh of Platen's visual identity: logo lock-ups, colour system, typography and illustration style.
- Templates for marketing pages, partner announcements and social posts.
- Packaging inserts and thank-you cards our fulfillers print and add to parcels.

## What we looked for

- A portfolio of brand identity work for consumer products or marketplaces.
- Experience preparing print-ready files for short-run and on-demand production.`,
  },
];

/** Demo job listings (idempotent: a listing with the same title is left as it is). */
export async function seedDemoJobs(db: Db): Promise<number> {
  let created = 0;
  for (const job of DEMO_JOBS) {
    const existing = await db.select({ id: jobListings.id }).from(jobListings).where(eq(jobListings.title, job.title)).limit(1);
    if (existing.length) continue;
    const now = new Date();
    await db.insert(jobListings).values({
      id: newId("job"),
      ...job,
      publishedAt: job.status === "draft" ? null : now,
      closedAt: job.status === "closed" ? now : null,
    });
    created++;
  }
  return created;
}
