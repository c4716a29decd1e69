// /cases/{caseId}/photos/{n}: a case's photo (n from 1) for its shopper (the order's account or its
// signed link, `?token=`), its print shop's owner and admins. Anyone else, and an unknown case or
// photo, gets the site's 404, so nobody learns whether a case exists.
import type { Route } from "./+types/photo";
import { notFoundResponse } from "#app/lib/order-access.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError, hasRole } from "#server/kernel/index.ts";
import { casePhoto, type CaseParty } from "#server/modules/cases/index.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const n = Number(params.n);
  if (!Number.isInteger(n) || n < 1 || n > 4) throw notFoundResponse(request);
  const token = new URL(request.url).searchParams.get("token");
  const parties: CaseParty[] = hasRole(ctx.actor, "admin") ? ["admin"] : ["print_shop", "shopper"];
  for (const as of parties) {
    try {
      const photo = await casePhoto(ctx, { caseId: params.caseId, as, token, index: n - 1 });
      return new Response(new Uint8Array(photo.body), {
        status: 200,
        headers: {
          "Content-Type": photo.contentType,
          "Content-Length": String(photo.body.byteLength),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw notFoundResponse(request);
}
