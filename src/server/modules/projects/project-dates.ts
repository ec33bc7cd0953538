/**
 * The days the due filters and the Overview count from, in UTC: today, the Sunday that ends this ISO week
 * (weeks start on Monday), and the last day of this month, each as YYYY-MM-DD.
 */
export function projectDates(now: Date): { today: string; weekEnd: string; monthEnd: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysToSunday = (7 - now.getUTCDay()) % 7;
  return {
    today: day(new Date(midnight)),
    weekEnd: day(new Date(midnight + daysToSunday * 86_400_000)),
    monthEnd: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  };
}
