import { formatMoney } from '@/shared/lib/format';
import { cn } from '@/shared/lib/cn';

/** An amount of XOF: `<Money amount={12500} />` reads '12 500 F CFA'; `suffix={false}` gives '12 500'. */
export function Money({
  amount,
  suffix = true,
  className,
}: {
  amount: number | null | undefined;
  suffix?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('whitespace-nowrap tabular-nums', className)}>{formatMoney(amount, { suffix })}</span>
  );
}
