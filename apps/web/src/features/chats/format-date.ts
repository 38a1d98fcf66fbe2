const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy HH:mm in the browser's time zone (spec section 2 "Saved chats page"). */
export function formatChatDate(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
