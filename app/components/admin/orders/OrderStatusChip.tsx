import Chip from "#app/components/ui/Chip.tsx";
import type { ChipProps } from "@mui/material/Chip";
import { GROUP_STATUS_LABELS, ORDER_STATUS_LABELS, type GroupStatus, type OrderStatus } from "#server/modules/orders/types.ts";

export const ORDER_STATUS_COLOR: Record<OrderStatus, ChipProps["color"]> = {
  pending_payment: "default",
  paid: "info",
  in_production: "secondary",
  partially_shipped: "primary",
  shipped: "primary",
  delivered: "success",
  cancelled: "default",
  refunded: "warning",
  on_hold: "error",
};

const GROUP_STATUS_COLOR: Record<GroupStatus, ChipProps["color"]> = {
  pending: "default",
  in_production: "secondary",
  shipped: "primary",
  delivered: "success",
  cancelled: "default",
};

/** An order's status as a chip (label from the orders module; colour by how far along it is). */
export function OrderStatusChip({ status, size = "small" }: { status: OrderStatus; size?: ChipProps["size"] }) {
  return <Chip size={size} label={ORDER_STATUS_LABELS[status]} color={ORDER_STATUS_COLOR[status]} data-status={status} />;
}

export function GroupStatusChip({ status }: { status: GroupStatus }) {
  return (
    <Chip size="small" variant="outlined" label={GROUP_STATUS_LABELS[status]} color={GROUP_STATUS_COLOR[status]} data-status={status} />
  );
}
