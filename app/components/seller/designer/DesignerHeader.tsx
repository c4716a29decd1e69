import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Chip from "#app/components/ui/Chip.tsx";
import MuiLink from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { PRODUCT_STATUS_LABELS } from "#server/modules/catalog/product-form.ts";
import type { ProductStatus } from "#server/modules/catalog/types.ts";
import type { DesignerProduct } from "./types.ts";

const NOTICES: Record<string, { severity: "success" | "info" | "warning"; text: string }> = {
  saved: { severity: "success", text: "Draft saved. Mockups and print files are ready." },
  "saved-flagged": {
    severity: "warning",
    text: "Draft saved. This artwork looks like one already published by another store: publishing it will be held for review.",
  },
  published: { severity: "success", text: "Published! Your product is live in the shop." },
  held: {
    severity: "warning",
    text: "Held for review: this artwork looks like one already published by another store. Our team will check it and tell you the outcome by e-mail.",
  },
  unpublished: { severity: "info", text: "Unpublished. The product is hidden from the shop until you publish it again." },
};

/** The title, the product's status and the notices above the steps. */
export function DesignerHeader({
  product,
  status,
  notice,
  locked,
  base,
}: {
  product: DesignerProduct | null;
  status: ProductStatus | null;
  notice: string | null;
  locked: boolean;
  base: string;
}) {
  return (
    <>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" } }}>
            {product ? product.title : "Design a product"}
          </Typography>
          <MuiLink component={Link} to={base} variant="body2">
            Back to products
          </MuiLink>
        </Box>
        {status && (
          <Chip
            label={PRODUCT_STATUS_LABELS[status]}
            color={status === "published" ? "success" : status === "in_review" ? "warning" : status === "taken_down" ? "error" : "default"}
            data-testid="product-status"
          />
        )}
      </Stack>

      {notice && NOTICES[notice] && (
        <Alert severity={NOTICES[notice].severity} sx={{ mb: 2 }} role="status" data-testid="designer-notice">
          {NOTICES[notice].text}
          {notice === "published" && product && (
            <>
              {" "}
              <MuiLink component={Link} to={`/shop/product/${product.id}`}>
                View it in the shop
              </MuiLink>
            </>
          )}
        </Alert>
      )}
      {product?.heldReason && notice !== "held" && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {product.heldReason}
        </Alert>
      )}
      {locked && (
        <Alert severity="error" sx={{ mb: 2 }}>
          This product was taken down by the Platen team{product?.takedownReason ? `: ${product.takedownReason}` : "."} It cannot be edited.
          Reply to our e-mail if you think this is a mistake.
        </Alert>
      )}
    </>
  );
}
