import Box from "#app/components/ui/Box.tsx";
import Chip from "#app/components/ui/Chip.tsx";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableFooter, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { formatAmount } from "#server/contracts/money.ts";
import { isReversal, journalLabel, type JournalRow } from "#app/lib/ledger-accounts.ts";

/**
 * The ledger journals of one order, a table each: account, debit, credit, with the totals in the
 * footer (a journal always balances). Refunds and cancellations are reversing journals.
 */
export function LedgerJournals({ journals, currency }: { journals: JournalRow[]; currency: string }) {
  if (journals.length === 0)
    return <Typography color="text.secondary">No journal yet: the ledger records this order when it is paid.</Typography>;
  const money = (minor: number) => (minor ? formatAmount(minor, currency) : "");
  return (
    <Stack spacing={2}>
      {journals.map((j, n) => {
        const debit = j.entries.reduce((s, e) => s + e.debitMinor, 0);
        const credit = j.entries.reduce((s, e) => s + e.creditMinor, 0);
        const titleId = `journal-${n}-title`;
        return (
          <Box key={j.id} component="section" aria-labelledby={titleId} data-testid="ledger-journal" data-kind={j.kind}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 0.5 }}>
              <Typography id={titleId} variant="h3" sx={{ fontSize: "1rem", fontWeight: 700 }}>
                {journalLabel(j.kind)}
              </Typography>
              {isReversal(j.kind) ? <Chip size="small" color="warning" label="Reversing journal" /> : null}
              <Typography variant="body2" color="text.secondary">
                {j.when}
              </Typography>
            </Stack>
            {j.memo ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {j.memo}
              </Typography>
            ) : null}
            <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby={titleId}>
              <Table size="small" aria-labelledby={titleId}>
                <TableHead>
                  <TableRow>
                    <TableCell>Account</TableCell>
                    <TableCell align="right">Debit</TableCell>
                    <TableCell align="right">Credit</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {j.entries.map((e, i) => (
                    <TableRow key={i}>
                      <TableCell>
                        {e.account}
                        {e.note ? (
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                            {e.note}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right">{money(e.debitMinor)}</TableCell>
                      <TableCell align="right">{money(e.creditMinor)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700, color: "text.primary" }}>Total</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700, color: "text.primary" }}>
                      {formatAmount(debit, currency)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700, color: "text.primary" }}>
                      {formatAmount(credit, currency)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Box>
        );
      })}
    </Stack>
  );
}
