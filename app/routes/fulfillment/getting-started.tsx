// /fulfillment/@{name}/administration/getting-started: the print shop's live checklist, computed
// from its own data each time (a warehouse with a street address, blanks made in a warehouse, the
// shoppers' shipping rates, a carrier with a rate table, the first shipment), and the day's
// overview (due today, late, on hold, waiting for acceptance or a batch, parcels waiting for a
// label, labels waiting for a manifest), each with the page that deals with it.
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Container from "@mui/material/Container";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/getting-started";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { hasRole } from "#server/kernel/index.ts";
import { listCarrierAccounts } from "#server/modules/carriers/index.ts";
import { listWarehouses, setupCountsOfFulfiller } from "#server/modules/fulfillment/index.ts";
import { floorSummary } from "#server/modules/production/index.ts";
import { countParcels, countShipments } from "#server/modules/shipping/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Getting started · ${data.shop.name} · Platen` : "Getting started · Platen" },
];

/** Counted up to this many; beyond it the page says "1000+". */
const COUNT_CAP = 1000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const admin = `/fulfillment/@${fulfiller.handle}/administration`;
  const suspended = fulfiller.status !== "active" && !hasRole(ctx.actor, "admin");
  // Counted, not listed: a checklist needs how many blanks and rates, not which.
  const [warehouses, setup, carriers] = await orRespond(
    Promise.all([listWarehouses(ctx, fulfiller.id), setupCountsOfFulfiller(ctx, fulfiller.id), listCarrierAccounts(ctx, fulfiller.id)]),
  );
  const { activeBlanks, activeBlanksMade: madeSomewhere, zones, rates } = setup;
  const addressed = warehouses.filter((w) => w.line1 && w.postalCode && w.city);
  const ratedCarriers = carriers.filter((c) => c.status === "active" && c.rateCount > 0);
  // Counted, not listed: a checklist needs how many, not which.
  const [day, waitingForLabel, waitingForManifest, shipped] = suspended
    ? [null, 0, 0, 0]
    : await orRespond(
        Promise.all([
          floorSummary(ctx, { fulfillerId: fulfiller.id }),
          countParcels(ctx, { fulfillerId: fulfiller.id, status: "packed", cap: COUNT_CAP + 1 }),
          countShipments(ctx, { fulfillerId: fulfiller.id, status: "purchased", cap: COUNT_CAP + 1 }),
          countShipments(ctx, { fulfillerId: fulfiller.id, status: "live", cap: 1 }),
        ]),
      );
  const firstWarehouse = addressed[0] ?? warehouses[0];
  const steps = [
    {
      id: "warehouse",
      title: "Add a warehouse with its street address",
      done: addressed.length > 0,
      detail: addressed.length
        ? `${plural(addressed.length, "warehouse")} with a street address: labels and packing slips carry it.`
        : warehouses.length
          ? "Your warehouse has no street address yet: labels need it as the sender's address."
          : "Where you print and pack: its address, daily cut-off and capacity.",
      to: warehouses.length && firstWarehouse ? `${admin}/warehouses/${firstWarehouse.id}` : `${admin}/warehouses/create`,
      action: warehouses.length ? "Add its address" : "Add a warehouse",
    },
    {
      id: "blanks",
      title: "Offer blanks, made in a warehouse",
      done: madeSomewhere > 0,
      detail: madeSomewhere
        ? `${plural(madeSomewhere, "blank")} offered to designers and made in a warehouse.`
        : activeBlanks
          ? `${plural(activeBlanks, "blank")} in your catalogue, but no warehouse makes them yet: choose the blanks each warehouse makes.`
          : "The garments and goods you print on: each with its colours, sizes, base costs and print areas.",
      to: activeBlanks && firstWarehouse ? `${admin}/warehouses/${firstWarehouse.id}` : `${admin}/blanks/create`,
      action: activeBlanks ? "Choose the blanks made there" : "Add a blank",
    },
    {
      id: "shipping-rates",
      title: "Set the shoppers' shipping rates",
      done: rates > 0,
      detail: rates
        ? `${plural(zones, "zone")} with ${plural(rates, "rate")}: shoppers see what shipping costs at checkout.`
        : "What shoppers pay for shipping, per zone: the first item and each additional one.",
      to: `${admin}/config`,
      action: "Set shipping rates",
    },
    {
      id: "carrier",
      title: "Add a carrier with its rate table",
      done: ratedCarriers.length > 0,
      detail: ratedCarriers.length
        ? `${ratedCarriers.map((c) => c.name).join(", ")}: labels are priced from ${ratedCarriers.length === 1 ? "its" : "their"} rate table.`
        : carriers.length
          ? "Your carrier has no rates yet: upload its rate table (a CSV sheet) so labels can be priced."
          : "The carrier you buy labels from (the built-in local carrier works offline) and what it charges you.",
      to: `${admin}/carriers`,
      action: carriers.length ? "Upload its rates" : "Add a carrier",
    },
    {
      id: "first-shipment",
      title: "Ship your first parcel",
      done: shipped > 0,
      detail: shipped
        ? "Your first label is bought: the shopper follows the parcel on their order page."
        : "Accept an order, batch and print it, pack it and buy its label.",
      to: `${admin}/orders`,
      action: "See the orders",
    },
  ];
  const count = (n: number) => (n > COUNT_CAP ? `${COUNT_CAP}+` : String(n));
  return {
    shop: { handle: fulfiller.handle, name: fulfiller.name },
    suspended,
    steps,
    warehouses: warehouses.map((w) => ({ id: w.id, name: w.name })),
    day: day
      ? [
          {
            id: "due-today",
            label: "Due today",
            value: String(day.dueToday),
            help: "lines to ship today, not late yet",
            to: `${admin}/orders`,
          },
          {
            id: "late",
            label: "Late",
            value: String(day.late),
            help: "lines past the time they had to ship by",
            to: `${admin}/orders`,
            alert: day.late > 0,
          },
          {
            id: "on-hold",
            label: "On hold",
            value: String(day.onHold),
            help: "lines of orders Platen's team holds",
            to: `${admin}/orders`,
          },
          {
            id: "awaiting",
            label: "Waiting for acceptance",
            value: String(day.awaiting),
            help: "routed lines to accept or reject",
            to: `${admin}/orders?status=pending`,
          },
          {
            id: "waiting-batch",
            label: "Waiting for a batch",
            value: String(day.waitingForBatch),
            help: "accepted lines not in a batch yet",
            to: warehouses.length === 1 ? `${admin}/warehouses/${encodeURIComponent(warehouses[0]!.name)}/batches` : "#floor-h",
          },
          {
            id: "waiting-label",
            label: "Parcels waiting for a label",
            value: count(waitingForLabel),
            help: "packed, to buy a label for",
            to: `${admin}/shipments`,
          },
          {
            id: "waiting-manifest",
            label: "Labels waiting for a manifest",
            value: count(waitingForManifest),
            help: "bought, to hand over to the carrier",
            to: `${admin}/manifests`,
          },
        ]
      : null,
  };
}

export default function FulfillerGettingStarted({ loaderData }: Route.ComponentProps) {
  const { shop, suspended, steps, warehouses, day } = loaderData;
  const admin = `/fulfillment/@${shop.handle}/administration`;
  const done = steps.filter((s) => s.done).length;
  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, md: 2 } }}>
      <Typography component="p" variant="body2" color="text.secondary">
        {shop.name} · @{shop.handle}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Getting started
      </Typography>
      {suspended ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This print shop is suspended: no new orders are routed to it and its floor is read-only. Contact Platen to reinstate it.
        </Alert>
      ) : null}
      <Typography color="text.secondary" sx={{ mb: 1.5 }} data-testid="checklist-progress">
        This checklist follows your shop as it is: {done} of {steps.length} steps done.
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(done / steps.length) * 100}
        sx={{ mb: 2, height: 8, borderRadius: 4 }}
        aria-label="Set-up progress"
      />
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <List aria-label="Checklist" data-testid="checklist">
          {steps.map((s) => (
            <ListItem key={s.id} data-step={s.id} data-state={s.done ? "done" : "todo"} sx={{ alignItems: "flex-start" }}>
              <ListItemIcon sx={{ mt: 1, minWidth: 40 }}>
                {s.done ? <CheckCircle color="success" titleAccess="Done" /> : <RadioButtonUnchecked titleAccess="To do" />}
              </ListItemIcon>
              <Box sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, alignItems: { sm: "center" }, gap: 1, flexGrow: 1 }}>
                <ListItemText primary={s.title} secondary={s.detail} />
                {s.done ? (
                  <Link component={RouterLink} to={s.to} variant="body2" sx={{ flexShrink: 0 }} aria-label={`${s.title}: open`}>
                    Open
                  </Link>
                ) : (
                  <Button
                    component={RouterLink}
                    to={s.to}
                    size="small"
                    variant="outlined"
                    sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "center" } }}
                  >
                    {s.action}
                  </Button>
                )}
              </Box>
            </ListItem>
          ))}
        </List>
      </Paper>

      {day ? (
        <Box component="section" aria-labelledby="day-h" sx={{ mb: 3 }}>
          <Typography id="day-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
            Today
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)", lg: "repeat(4, 1fr)" }, gap: 1.5 }}
            data-testid="day-overview"
          >
            {day.map((f) => (
              // Each figure is a <div> of the <dl> (a dt and its dd), drawn as a card.
              <Card key={f.id} variant="outlined" data-testid={`day-${f.id}`} sx={{ p: 2 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {f.label}
                </Typography>
                <Box component="dd" sx={{ m: 0 }}>
                  <Typography
                    component="span"
                    sx={{ display: "block", fontSize: "1.6rem", fontWeight: 600 }}
                    color={f.alert ? "error" : undefined}
                  >
                    {f.value}
                  </Typography>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                    {f.help}
                  </Typography>
                  <Link component={RouterLink} to={f.to} variant="body2" aria-label={`${f.label}: open`}>
                    Open
                  </Link>
                </Box>
              </Card>
            ))}
          </Box>
        </Box>
      ) : null}

      {warehouses.length ? (
        <Box component="section" aria-labelledby="floor-h">
          <Typography id="floor-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
            The floor, by warehouse
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }} data-testid="floor-links">
            {warehouses.map((w) => (
              <Box component="li" key={w.id} sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "baseline" }}>
                <Typography sx={{ fontWeight: 600, minWidth: 120 }}>{w.name}</Typography>
                <Link component={RouterLink} to={`${admin}/warehouses/${encodeURIComponent(w.name)}/batches`}>
                  Batches and scan station
                </Link>
                <Link component={RouterLink} to={`${admin}/parcels?warehouse=${w.id}`}>
                  Packing table
                </Link>
                <Link component={RouterLink} to={`${admin}/manifests?warehouse=${w.id}`}>
                  Manifests
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Container>
  );
}
