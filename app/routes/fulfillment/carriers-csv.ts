import type { Route } from "./+types/carriers-csv";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { exportRateCsv, listCarrierAccounts } from "#server/modules/carriers/index.ts";

/**
 * A carrier's rate table as the CSV sheet the carriers page imports
 * (`/fulfillment/@{name}/administration/carriers/{carrierCode}/rates.csv`), for the print shop's
 * owner and admins. Visitors sign in; anyone else, and an unknown carrier, gets a 404. UTF-8 with
 * a byte-order mark, so spreadsheets read the zones' names as they were typed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const code = String(params.carrierCode ?? "");
  const accounts = /^[a-z0-9-]{1,30}$/.test(code) ? await orRespond(listCarrierAccounts(ctx, fulfiller.id)) : [];
  const account = accounts.find((a) => a.carrierCode === code);
  if (!account) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404 });
  const { csv } = await orRespond(exportRateCsv(ctx, account.id));
  const body = new TextEncoder().encode(`\uFEFF${csv}`);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": `attachment; filename="${fulfiller.handle}-rates-${account.carrierCode}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
