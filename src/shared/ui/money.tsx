import { formatMoney } from '@/shared/lib/format';
import { cn } from '@/shared/lib/cn';

/**
 * An amount of XOF: `<Money amount={12500} />` reads '12 500 F CFA'; `suffix={false}` gives '12 500'.
 * It never breaks inside; `wrap` lets a narrow tile put the currency on the next line, never a piece of
 * the number or of 'F CFA'.
 */
export function Money({
  amount,
  suffix = true,
  wrap = false,
  className,
}: {
  amount: number | null | undefined;
  suffix?: boolean;
  wrap?: boolean;
  className?: string;
}) {
  if (wrap && suffix) {
    const number = formatMoney(amount, { suffix: false });
    const currency = formatMoney(amount).replace(number, '').trim();
    return (
      <span className={cn('tabular-nums', className)}>
        <span className="whitespace-nowrap">{number}</span>{' '}
        <span className="whitespace-nowrap">{currency}</span>
      </span>
    );
  }
  return (
    <span className={cn('whitespace-nowrap tabular-nums', className)}>{formatMoney(amount, { suffix })}</span>
  );
}
