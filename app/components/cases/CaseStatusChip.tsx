// A case's status as a chip (the lists, the thread, the shopper's order page): kept apart from
// CaseThread.tsx so that the order page does not load the thread's form fields.
import Chip from "#app/components/ui/Chip.tsx";
import { CASE_STATUS_LABELS, type CaseStatus } from "#server/modules/cases/types.ts";

export const CASE_STATUS_COLOR: Record<CaseStatus, "warning" | "info" | "success" | "default"> = {
  open: "warning",
  waiting_on_print_shop: "info",
  waiting_on_shopper: "info",
  resolved: "success",
  closed: "default",
};

export function CaseStatusChip({ status }: { status: CaseStatus }) {
  return (
    <Chip
      size="small"
      label={CASE_STATUS_LABELS[status]}
      color={CASE_STATUS_COLOR[status]}
      data-testid="case-status"
      data-status={status}
    />
  );
}
