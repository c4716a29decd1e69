import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import HomeWorkOutlined from "@mui/icons-material/HomeWorkOutlined";
import Chip from "#app/components/ui/Chip.tsx";
import Stack from "#app/components/ui/Stack.tsx";
import { EMPLOYMENT_TYPE_LABELS, WORK_MODE_LABELS, type EmploymentType, type WorkMode } from "#server/modules/careers/types.ts";

/** Location, employment type and work mode of a listing, as chips. */
export function JobChips({ job }: { job: { location: string; employmentType: EmploymentType; remote: WorkMode } }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1 }} aria-label="Role details">
      <Chip size="small" variant="outlined" icon={<PlaceOutlined aria-hidden />} label={job.location} />
      <Chip size="small" variant="outlined" icon={<ScheduleOutlined aria-hidden />} label={EMPLOYMENT_TYPE_LABELS[job.employmentType]} />
      <Chip size="small" variant="outlined" icon={<HomeWorkOutlined aria-hidden />} label={WORK_MODE_LABELS[job.remote]} />
    </Stack>
  );
}
