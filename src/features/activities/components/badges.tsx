import {
  ACTIVITY_STATUS_LABELS,
  REPORT_STATUS_LABELS,
  type ActivityStatus,
  type ReportStatus,
} from '@contract/values/activities';
import { Badge, type BadgeTone } from '@/shared/ui/badge';

const ACTIVITY_TONES: Record<ActivityStatus, BadgeTone> = {
  planned: 'blue',
  done: 'green',
  cancelled: 'gray',
};
const REPORT_TONES: Record<ReportStatus, BadgeTone> = { draft: 'gray', submitted: 'blue', returned: 'amber' };

export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  return <Badge tone={ACTIVITY_TONES[status]}>{ACTIVITY_STATUS_LABELS[status]}</Badge>;
}

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <Badge tone={REPORT_TONES[status]}>{REPORT_STATUS_LABELS[status]}</Badge>;
}
