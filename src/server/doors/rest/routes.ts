import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../trpc/app-router';

type ProcedurePaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends AnyProcedure ? `${P}${K}` : ProcedurePaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every procedure's dotted path, checked by the compiler ('auth.login', 'profile.update', ...). */
export type ProcedurePath = ProcedurePaths<AppRouter['_def']['record']>;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` segments become input fields of the same name. */
  path: `/api/${string}`;
  procedure: ProcedurePath;
  summary: string;
  tag: string;
  /** Status of a successful call; 200 unless it creates something, or answers nothing (204). */
  status?: 200 | 201 | 204;
  /**
   * The ETag of a GET's answer (decision 029; updates of a row at a version get theirs without it):
   * - `row`: the answer is an editable row (or `{ user }`): `"v<version>"`, for If-Match on its update;
   * - `listings`: read from the listings at the vendors table's version: `"m<version>-<audience>"`,
   *   and If-None-Match answers 304 while it holds;
   * - `listing`: one listing's profile: as `listings`, with a digest of the answer (and, for members,
   *   the listing's row tag in front).
   */
  etag?: 'row' | 'listings' | 'listing';
}

/**
 * The documented REST surface (spec section 7), one row per path and method, each onto the tRPC
 * procedure the browser calls. GET rows must point at queries; the adapter refuses to start otherwise.
 */
export const restRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/auth/me',
    procedure: 'auth.me',
    summary: "The signed-in user (its ETag is the profile's, for If-Match on PATCH /api/profile)",
    tag: 'Auth',
    etag: 'row',
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    procedure: 'auth.register',
    summary: 'Create a customer or vendor account and sign in',
    tag: 'Auth',
    status: 201,
  },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', summary: 'Sign in', tag: 'Auth' },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', summary: 'Sign out', tag: 'Auth' },
  {
    method: 'POST',
    path: '/api/auth/password',
    procedure: 'auth.changePassword',
    summary: 'Change the password (needs the current one); signs out every other session',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    procedure: 'auth.requestPasswordReset',
    summary: 'Mail a password reset link; answers the same whether or not the account exists',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    procedure: 'auth.confirmPasswordReset',
    summary: 'Set a new password with the token from the reset mail; signs out every session',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/email-confirmation',
    procedure: 'auth.resendEmailConfirmation',
    summary: "Mail a new link that confirms the signed-in user's e-mail address (unless it is confirmed)",
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/email-confirmation/confirm',
    procedure: 'auth.confirmEmail',
    summary: 'Confirm an e-mail address with the token from the confirmation mail',
    tag: 'Auth',
  },
  {
    method: 'GET',
    path: '/api/auth/sessions',
    procedure: 'auth.sessions',
    summary: "The signed-in user's live sessions (device, address, last seen)",
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/sessions/sign-out-others',
    procedure: 'auth.signOutOtherSessions',
    summary: 'End every session of the signed-in user except this one',
    tag: 'Auth',
  },
  {
    method: 'PATCH',
    path: '/api/profile',
    procedure: 'profile.update',
    summary: "Update the signed-in user's profile and preferences",
    tag: 'Profile',
  },
  {
    method: 'GET',
    path: '/api/events',
    procedure: 'events.list',
    summary: "The caller's events with task and deposit progress",
    tag: 'Events',
  },
  {
    method: 'POST',
    path: '/api/events',
    procedure: 'events.create',
    summary: 'Create an event',
    tag: 'Events',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/events/{id}',
    procedure: 'events.byId',
    summary: "One of the caller's events",
    tag: 'Events',
    etag: 'row',
  },
  {
    method: 'PATCH',
    path: '/api/events/{id}',
    procedure: 'events.update',
    summary:
      'Update an event (also turns its share link on and off, and hangs it under a main event with parentEventId, or detaches it with null)',
    tag: 'Events',
  },
  {
    method: 'DELETE',
    path: '/api/events/{id}',
    procedure: 'events.delete',
    summary:
      'Delete an event with its tasks, deposits and memos (a main event also with its sub-events and guest list)',
    tag: 'Events',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/tasks',
    procedure: 'tasks.list',
    summary: "An event's tasks",
    tag: 'Tasks',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/tasks',
    procedure: 'tasks.create',
    summary: 'Add a task to an event',
    tag: 'Tasks',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/tasks/{id}',
    procedure: 'tasks.update',
    summary: 'Edit a task or mark it completed',
    tag: 'Tasks',
  },
  {
    method: 'DELETE',
    path: '/api/tasks/{id}',
    procedure: 'tasks.delete',
    summary: 'Delete a task',
    tag: 'Tasks',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/deposits',
    procedure: 'deposits.list',
    summary: "An event's vendor deposits",
    tag: 'Deposits',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/deposits',
    procedure: 'deposits.create',
    summary: 'Add a deposit to an event',
    tag: 'Deposits',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/deposits/{id}',
    procedure: 'deposits.update',
    summary: 'Edit a deposit or mark it paid (paidDate follows)',
    tag: 'Deposits',
  },
  {
    method: 'DELETE',
    path: '/api/deposits/{id}',
    procedure: 'deposits.delete',
    summary: 'Delete a deposit',
    tag: 'Deposits',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/memos',
    procedure: 'memos.list',
    summary: "An event's memos",
    tag: 'Memos',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/memos',
    procedure: 'memos.create',
    summary: 'Add a memo to an event',
    tag: 'Memos',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/memos/{id}',
    procedure: 'memos.update',
    summary: 'Edit a memo',
    tag: 'Memos',
  },
  {
    method: 'DELETE',
    path: '/api/memos/{id}',
    procedure: 'memos.delete',
    summary: 'Delete a memo',
    tag: 'Memos',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/guests',
    procedure: 'guests.list',
    summary:
      "The guest list of an event (its main event's, shared by the sub-events) with each guest's invitations, by household then name",
    tag: 'Guests',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/guests',
    procedure: 'guests.create',
    summary:
      'Add a guest to the list, in a household (a new one of their own when none is named), invited to the events named (else this event)',
    tag: 'Guests',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/guests/{id}',
    procedure: 'guests.update',
    summary: 'Edit a guest, move them to another household, or set their invitations and answers per event',
    tag: 'Guests',
  },
  {
    method: 'DELETE',
    path: '/api/guests/{id}',
    procedure: 'guests.delete',
    summary: 'Remove a guest and their invitations (their household stays)',
    tag: 'Guests',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/households',
    procedure: 'guests.households',
    summary: "The households of an event's guest list, with their guest counts",
    tag: 'Guests',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/households',
    procedure: 'guests.createHousehold',
    summary: "Add a household to an event's guest list",
    tag: 'Guests',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/households/{id}',
    procedure: 'guests.updateHousehold',
    summary: 'Rename a household or change how many guests of its own it may bring',
    tag: 'Guests',
  },
  {
    method: 'DELETE',
    path: '/api/households/{id}',
    procedure: 'guests.deleteHousehold',
    summary: 'Remove a household with its guests, their invitations and its invitation link',
    tag: 'Guests',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/guest-summary',
    procedure: 'guests.summary',
    summary:
      'Counts of the guest list per event (the main event, then its sub-events by date): invited, attending, declined, awaiting, and meals of those attending',
    tag: 'Guests',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/rsvp-settings',
    procedure: 'guests.settings',
    summary:
      "The guest list's RSVP deadline (an instant, and the civil time in the event's zone) and message to guests",
    tag: 'Guests',
  },
  {
    method: 'PUT',
    path: '/api/events/{id}/rsvp-settings',
    procedure: 'guests.updateSettings',
    summary:
      "Set the RSVP deadline as a civil date and time in the main event's zone (null: none) and the message to guests; a field left out stays",
    tag: 'Guests',
  },
  {
    method: 'GET',
    path: '/api/share/{shareId}',
    procedure: 'share.get',
    summary: 'A publicly shared event (read-only)',
    tag: 'Events',
  },
  {
    method: 'GET',
    path: '/api/family/members',
    procedure: 'family.members',
    summary: "Members of the caller's family circle",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/events',
    procedure: 'family.events',
    summary: "Events of everyone in the caller's family circle",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/circle',
    procedure: 'family.circle',
    summary:
      "The caller's family label and standing in its circle: none, pending (waiting for approval) or active",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/requests',
    procedure: 'family.requests',
    summary: "Pending requests to join the caller's circle (active members only; empty otherwise)",
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/requests/{userId}/approve',
    procedure: 'family.approve',
    summary: 'Approve a pending request to join the circle (active members)',
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/requests/{userId}/decline',
    procedure: 'family.decline',
    summary: 'Decline a pending request to join the circle (active members)',
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/invites',
    procedure: 'family.invites',
    summary: "The circle's live invite links (active members only; empty otherwise)",
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/invites',
    procedure: 'family.createInvite',
    summary: 'Create an invite link valid for 7 days; its token is shown only in this answer',
    tag: 'Family',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/family/invites/{id}',
    procedure: 'family.revokeInvite',
    summary: 'Revoke an invite link of the circle',
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/invites/check',
    procedure: 'family.checkInvite',
    summary: 'Whether an invite link (label and token) is valid; the same answer for every bad link',
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/join-by-invite',
    procedure: 'family.acceptInvite',
    summary: "Join a circle through an invite link: sets the caller's family label and makes them a member",
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/leave',
    procedure: 'family.leave',
    summary: "Leave the circle (or withdraw a pending request): clears the caller's family label",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/calendar/feed',
    procedure: 'calendar.feedStatus',
    summary:
      'Whether the caller has a calendar subscription address, whether it carries candle-lighting times, and when it was made (never the address itself)',
    tag: 'Calendar',
  },
  {
    method: 'POST',
    path: '/api/calendar/feed',
    procedure: 'calendar.createFeed',
    summary:
      "Make a secret calendar subscription address (an .ics feed of your events and your family circle's); shown only in this answer. Making one again replaces the old address, which stops working",
    tag: 'Calendar',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/calendar/feed',
    procedure: 'calendar.revokeFeed',
    summary: 'Stop the calendar subscription address: it answers 404 from now on',
    tag: 'Calendar',
  },
  {
    method: 'GET',
    path: '/api/calendar/dates',
    procedure: 'calendar.dates',
    summary:
      "Find a date: from, to (at most 400 days), time (HH:MM), durationMinutes (240), placeId (the caller's home place), eventType. Every date but those the slot would overlap Shabbat or Yom Tov on (counted in forbiddenCount), each with its tier (custom, info or none) and reason, by the caller's observance settings",
    tag: 'Calendar',
  },
  {
    method: 'GET',
    path: '/api/calendar/times',
    procedure: 'calendar.times',
    summary:
      "Candle-lighting, havdalah, the Shabbat and Yom Tov spans and each day's marks from `from` to `to` (at most 62 days) at the caller's home place, by the caller's observance settings; without a home place, the marks alone",
    tag: 'Calendar',
  },
  {
    method: 'GET',
    path: '/api/places',
    procedure: 'places.search',
    summary:
      'The place search box: at most 10 cities whose name starts with q (case and accents ignored), the most populous first, each with its coordinates and IANA time zone',
    tag: 'Places',
  },
  {
    method: 'GET',
    path: '/api/vendors',
    procedure: 'vendors.list',
    summary:
      "Search and browse vendors: page, page_size (24), sort, search, category (repeat for several), lat, lng, radius_km (50); free_on (YYYY-MM-DD: vendors whose stated calendar has room that day), free_time (HH:MM at the vendor's place: its part of the day not closed, and outside Shabbat and Yom Tov there), include_unstated (true: vendors who have not stated their calendar too; default false). Free on a date, the total is counted up to 200",
    tag: 'Vendors',
    etag: 'listings',
  },
  {
    method: 'GET',
    path: '/api/vendors/featured',
    procedure: 'vendors.featured',
    summary: 'Up to 10 featured (verified) vendors, near lat/lng when given',
    tag: 'Vendors',
    etag: 'listings',
  },
  {
    method: 'GET',
    path: '/api/vendors/suggestions',
    procedure: 'vendors.suggestions',
    summary: 'Search suggestions: vendor names, services, locations',
    tag: 'Vendors',
    etag: 'listings',
  },
  {
    method: 'GET',
    path: '/api/vendors/mine',
    procedure: 'vendors.mine',
    summary: 'The listings the caller owns (id, name, category, verified, claimed), oldest first',
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/profile',
    procedure: 'vendors.myProfile',
    summary: "One of the signed-in vendor's own listings: vendorId, or their first",
    tag: 'Vendors',
    etag: 'row',
  },
  {
    method: 'PATCH',
    path: '/api/vendors/profile',
    procedure: 'vendors.updateMyProfile',
    summary:
      "Edit one of the signed-in vendor's own listings (vendorId, or their first) with the dashboard's category values",
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/profile/analytics',
    procedure: 'vendors.analytics',
    summary:
      'Views, unique visitors, contact reveals, requests, response rate and median first-response time (days=30|90)',
    tag: 'Vendors',
  },
  {
    method: 'POST',
    path: '/api/vendors/{id}/contact-reveal',
    procedure: 'vendors.contactReveal',
    summary: "Count a signed-in user's click on a listing's phone, e-mail or website",
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/{id}',
    procedure: 'vendors.byId',
    summary: 'A vendor; contact details only for signed-in callers',
    tag: 'Vendors',
    etag: 'listing',
  },
  {
    method: 'POST',
    path: '/api/vendors',
    procedure: 'vendors.create',
    summary: 'Create a vendor profile owned by the caller',
    tag: 'Vendors',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/vendors/{id}',
    procedure: 'vendors.update',
    summary: 'Edit a vendor (owner or admin)',
    tag: 'Vendors',
  },
  {
    method: 'POST',
    path: '/api/vendors/{id}/request-availability',
    procedure: 'requests.send',
    summary: 'Ask a vendor for availability (customers); opens a message thread with the vendor',
    tag: 'Availability requests',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/availability-requests',
    procedure: 'requests.list',
    summary: "Requests the customer sent, or requests sent to the vendor's listings",
    tag: 'Availability requests',
  },
  {
    method: 'GET',
    path: '/api/messages/unread-count',
    procedure: 'messages.unreadCount',
    summary: "Unread messages of the caller's side over all their conversations (0 for admins)",
    tag: 'Messages',
  },
  {
    method: 'GET',
    path: '/api/messages/threads',
    procedure: 'messages.threads',
    summary:
      "The caller's conversations, newest first: limit (50, at most 100) and cursor (the previous page's nextCursor)",
    tag: 'Messages',
  },
  {
    method: 'POST',
    path: '/api/messages/threads',
    procedure: 'messages.startThread',
    summary: 'Start a conversation with a vendor (customers): subject and first message',
    tag: 'Messages',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/quick-replies',
    procedure: 'messages.quickReplies',
    summary: "The vendor's saved quick replies, in their order",
    tag: 'Messages',
  },
  {
    method: 'POST',
    path: '/api/quick-replies',
    procedure: 'messages.createQuickReply',
    summary: 'Save a quick reply (vendors; at most 10)',
    tag: 'Messages',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/quick-replies/{id}',
    procedure: 'messages.updateQuickReply',
    summary: 'Edit or move a quick reply',
    tag: 'Messages',
  },
  {
    method: 'DELETE',
    path: '/api/quick-replies/{id}',
    procedure: 'messages.deleteQuickReply',
    summary: 'Delete a quick reply',
    tag: 'Messages',
  },
  {
    method: 'GET',
    path: '/api/messages/{threadId}',
    procedure: 'messages.conversation',
    summary:
      'A conversation: the thread (with its availability request) and its newest messages, oldest first; `before` (a message id) pages back',
    tag: 'Messages',
  },
  {
    method: 'POST',
    path: '/api/messages/{threadId}/reply',
    procedure: 'messages.reply',
    summary: 'Send a message in a conversation (trimmed, 1 to 5,000 characters)',
    tag: 'Messages',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/messages/{messageId}/seen',
    procedure: 'messages.markSeen',
    summary: "Mark a message seen (its receiver only); answers the caller's unread count",
    tag: 'Messages',
  },
  {
    method: 'POST',
    path: '/api/messages/{threadId}/mark-seen',
    procedure: 'messages.markThreadSeen',
    summary: 'Mark every unread incoming message of a conversation seen',
    tag: 'Messages',
  },
  {
    method: 'POST',
    path: '/api/messages/{threadId}/block',
    procedure: 'messages.block',
    summary:
      "Block a conversation: no more messages from either side until the blocking side unblocks it; a vendor's block also refuses new conversations and availability requests from the customer to the listing",
    tag: 'Messages',
  },
  {
    method: 'DELETE',
    path: '/api/messages/{threadId}/block',
    procedure: 'messages.unblock',
    summary: 'Unblock a conversation (only the side that blocked it)',
    tag: 'Messages',
  },
  {
    method: 'POST',
    path: '/api/messages/{threadId}/report',
    procedure: 'messages.report',
    summary: 'Report a conversation to the SimchaHub team, with a reason',
    tag: 'Messages',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/notifications',
    procedure: 'notifications.list',
    summary: 'The newest notifications (the bell) and the unread total',
    tag: 'Notifications',
  },
  {
    method: 'PATCH',
    path: '/api/notifications/{id}/read',
    procedure: 'notifications.markRead',
    summary: 'Mark a notification read',
    tag: 'Notifications',
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    procedure: 'notifications.markAllRead',
    summary: 'Mark every notification read',
    tag: 'Notifications',
  },
  {
    method: 'POST',
    path: '/api/vendor-claims',
    procedure: 'claims.submit',
    summary: 'Claim an existing listing (vendorId) or describe a new business; an admin decides',
    tag: 'Vendor claims',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/vendor-claims/my-claims',
    procedure: 'claims.mine',
    summary: "The caller's claims with their history, newest first",
    tag: 'Vendor claims',
  },
  {
    method: 'POST',
    path: '/api/vendor-claims/{claimId}/withdraw',
    procedure: 'claims.withdraw',
    summary: 'Withdraw one of your pending claims',
    tag: 'Vendor claims',
  },
  // Quotes and bookings (issue 29).
  {
    method: 'POST',
    path: '/api/quotes',
    procedure: 'bookings.sendQuote',
    summary:
      "Send a quote on a request to your listing (one price or priceMin and priceMax, an optional deposit with its due date, valid-until); replaces the request's open quote",
    tag: 'Bookings',
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/quotes/{id}/accept',
    procedure: 'bookings.acceptQuote',
    summary:
      "Accept a quote on your request: books the vendor's day (409 when it has no room left) and adds the deposit to the event's Deposits",
    tag: 'Bookings',
  },
  {
    method: 'POST',
    path: '/api/quotes/{id}/decline',
    procedure: 'bookings.declineQuote',
    summary: 'Decline a quote on your request',
    tag: 'Bookings',
  },
  {
    method: 'GET',
    path: '/api/requests/{requestId}/quotes',
    procedure: 'bookings.requestQuotes',
    summary: "A request's quotes, newest first, and its history (the request's two parties)",
    tag: 'Bookings',
  },
  {
    method: 'GET',
    path: '/api/bookings',
    procedure: 'bookings.list',
    summary:
      "The caller's bookings, as the family and as a listing's owner, with quote, deposit (the family's side) and history; eventId, upcoming=true and status (confirmed, completed or cancelled, as it reads now) narrow them",
    tag: 'Bookings',
  },
  {
    method: 'POST',
    path: '/api/bookings/{id}/cancel',
    procedure: 'bookings.cancel',
    summary:
      'Cancel a confirmed booking, as either side, with a reason; the day is freed and the other side told',
    tag: 'Bookings',
  },
  // Reviews from real clients only (issue 29): write, read, reply, report; the admin's hide and dismiss.
  {
    method: 'POST',
    path: '/api/reviews',
    procedure: 'reviews.create',
    summary:
      'Review a completed booking (its customer or their family circle), once per booking: rating 1-5, text of 30-5,000 characters, up to 6 uploaded photos',
    tag: 'Reviews',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/vendors/{id}/reviews',
    procedure: 'reviews.forVendor',
    summary:
      "A listing's visible reviews, newest first, with its rating from verified clients (public, paged)",
    tag: 'Reviews',
  },
  {
    method: 'GET',
    path: '/api/reviews/reviewable',
    procedure: 'reviews.reviewable',
    summary: "The caller's (or their family circle's) completed bookings that have no review yet",
    tag: 'Reviews',
  },
  {
    method: 'GET',
    path: '/api/reviews/mine',
    procedure: 'reviews.mine',
    summary: "Reviews of the caller's listings, hidden ones marked, newest first (vendors)",
    tag: 'Reviews',
  },
  {
    method: 'POST',
    path: '/api/reviews/{id}/reply',
    procedure: 'reviews.reply',
    summary: "The listing owner's public reply to a review, once",
    tag: 'Reviews',
  },
  {
    method: 'POST',
    path: '/api/reviews/{id}/report',
    procedure: 'reviews.report',
    summary: 'Report a review to the admins with a reason (once while the report is open)',
    tag: 'Reviews',
  },
  {
    method: 'GET',
    path: '/api/admin/review-reports',
    procedure: 'admin.reviews.reports',
    summary: 'Reported reviews with the review shown, newest first, optionally of one status (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/{id}/hide',
    procedure: 'admin.reviews.hide',
    summary:
      'Hide a review with a reason: its open reports are resolved, the rating recomputed and the writer told (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/{id}/unhide',
    procedure: 'admin.reviews.unhide',
    summary: 'Show a hidden review again; the rating is recomputed (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/review-reports/{id}/dismiss',
    procedure: 'admin.reviews.dismissReport',
    summary: 'Dismiss a report of a review; the review stays as it is (admins)',
    tag: 'Admin',
  },
  // Kashrut a family can rely on (issue 29): the owner's supervision and the admins' verification.
  {
    method: 'GET',
    path: '/api/vendors/profile/kashrut',
    procedure: 'kashrut.mine',
    summary:
      "The kashrut supervision of one of the signed-in vendor's listings (vendorId, or their first), and whether its category may state one",
    tag: 'Kashrut',
    etag: 'row',
  },
  {
    method: 'PUT',
    path: '/api/vendors/profile/kashrut',
    procedure: 'kashrut.save',
    summary:
      'State or change the supervision of a caterer or venue: agency, level, flags and expiry date; a change of anything verified sends it back to the admins',
    tag: 'Kashrut',
  },
  {
    method: 'DELETE',
    path: '/api/vendors/profile/kashrut',
    procedure: 'kashrut.remove',
    summary:
      "Remove the stated supervision of one of the signed-in vendor's listings (vendorId, or their first), its verification and its certificate file",
    tag: 'Kashrut',
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/admin/kashrut',
    procedure: 'admin.kashrut.list',
    summary:
      'Kashrut certificates waiting for an admin, oldest first (status=pending), or the verified or rejected ones (admins)',
    tag: 'Kashrut',
  },
  {
    method: 'POST',
    path: '/api/admin/kashrut/{vendorId}/verify',
    procedure: 'admin.kashrut.verify',
    summary: "Verify a listing's supervision from its certificate; audited, and the owner told (admins)",
    tag: 'Kashrut',
  },
  {
    method: 'POST',
    path: '/api/admin/kashrut/{vendorId}/reject',
    procedure: 'admin.kashrut.reject',
    summary: "Refuse a listing's certificate with a reason; audited, and the owner told (admins)",
    tag: 'Kashrut',
  },
  // Vendor availability (issue 29): the owner's calendar and the public's day-by-day answer.
  {
    method: 'GET',
    path: '/api/vendors/profile/availability',
    procedure: 'availability.mine',
    summary:
      "The signed-in vendor's calendar of one of their listings (vendorId, or their first): entries and each day's room from `from` (today at the listing's place) to `to` (at most 190 days); its ETag is the calendar's version, for If-Match on the save",
    tag: 'Vendor availability',
    etag: 'row',
  },
  {
    method: 'PUT',
    path: '/api/vendors/profile/availability',
    procedure: 'availability.update',
    summary:
      'Save the calendar: `entries` ({day, part: day|morning|afternoon|evening, status: open|booked|held|closed, capacity 1-50 for a whole open day, note}) replace everything stated on the days they name and, with `from` and `to`, on every day of that range; `dailyCapacity` (1-50) sets the room of days without their own. A booked or held entry takes one slot of its day; a closed whole day has none; a closed part matters only to searches with a time. If-Match (or `version`) refuses a save made from a calendar saved since (412, or 409 for a stale version in the body, with the calendar as it is now); without either the save applies as it is',
    tag: 'Vendor availability',
  },
  {
    method: 'GET',
    path: '/api/vendors/{id}/availability',
    procedure: 'availability.ofVendor',
    summary:
      "A listing's days from `from` (today at its place) to `to` (3 months on; at most 190 days): free, booked, closed, not_stated or rest (Shabbat or Yom Tov there all day: not bookable), the unavailable parts of a free day, and Shabbat or Yom Tov at its place with the hours it takes (`restHours`). Nothing private",
    tag: 'Vendor availability',
  },
  {
    method: 'GET',
    path: '/api/admin/vendor-claims',
    procedure: 'admin.claims.list',
    summary: 'Every claim, newest first, optionally of one status (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/vendor-claims/pending',
    procedure: 'admin.claims.pending',
    summary:
      'Pending claims, oldest first, with the submitter, the evidence and the listing as it is now (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/vendor-claims/approve',
    procedure: 'admin.claims.approve',
    summary: 'Approve a pending claim: the claimant owns the listing; competing claims are rejected (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/vendor-claims/reject',
    procedure: 'admin.claims.reject',
    summary: 'Reject a pending claim (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/vendor-claims/revoke',
    procedure: 'admin.claims.revoke',
    summary: 'Revoke an approved claim with a reason: the listing has no owner again (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/stats',
    procedure: 'admin.overview.stats',
    summary:
      'Platform figures: users, new this week, listings, verified, pending claims, open reports, messages in 7 days (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/health',
    procedure: 'admin.overview.health',
    summary: 'Platform health: database latency, mail backlog, server errors in the last hour (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/activity',
    procedure: 'admin.overview.activity',
    summary: 'The latest sign-ups, claims, reports and admin actions, newest first (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    procedure: 'admin.overview.audit',
    summary: 'The audit log of admin actions, newest first, by target or actor (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/vendors',
    procedure: 'admin.vendors.list',
    summary: 'Every listing, hidden ones too, by name and status (admins)',
    tag: 'Admin',
  },
  {
    method: 'PATCH',
    path: '/api/admin/vendors/{id}',
    procedure: 'admin.vendors.update',
    summary: 'Verify or unverify, hide or unhide a listing (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    procedure: 'admin.users.list',
    summary: 'Users by name or e-mail, role and status (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/suspend',
    procedure: 'admin.users.suspend',
    summary: 'Suspend a user: their sessions end and sign-in is refused; their data stays (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/reinstate',
    procedure: 'admin.users.reinstate',
    summary: 'Reinstate a suspended user (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/role',
    procedure: 'admin.users.setRole',
    summary: 'Change a user between customer and vendor (admins)',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/admin/reports',
    procedure: 'admin.reports.list',
    summary: 'Reported conversations with their latest messages (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/reports/{id}/dismiss',
    procedure: 'admin.reports.dismiss',
    summary: 'Dismiss a report (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/reports/{id}/suspend-sender',
    procedure: 'admin.reports.suspendSender',
    summary: 'Suspend the reported party and resolve the report (admins)',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/households/{id}/invitation',
    procedure: 'invitations.createLink',
    summary:
      "Make the household's personal RSVP link (/rsvp/{token}), shown only in this answer; the household's previous link stops working",
    tag: 'Invitations',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/households/{id}/invitation',
    procedure: 'invitations.revokeLink',
    summary: "Withdraw the household's RSVP link: its page and GET /api/rsvp/{token} answer 404 from now on",
    tag: 'Invitations',
  },
  {
    method: 'POST',
    path: '/api/households/{id}/invitation/send',
    procedure: 'invitations.send',
    summary:
      'Mail the invitation with a new personal link to every guest of the household who has an e-mail address (refused when no one has one)',
    tag: 'Invitations',
  },
  {
    method: 'GET',
    path: '/api/households/{id}/invitation/message',
    procedure: 'invitations.message',
    summary:
      "The prefilled invitation text for WhatsApp (https://wa.me/?text=...) or a copy; {link} stands where the household's link goes",
    tag: 'Invitations',
  },
  {
    method: 'POST',
    path: '/api/households/{id}/reminder',
    procedure: 'invitations.remindHousehold',
    summary:
      'Mail the household a reminder with a new personal link; refused within 3 days of its last reminder',
    tag: 'Invitations',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/rsvp-reminders',
    procedure: 'invitations.remind',
    summary:
      "Mail a reminder, with a new personal link, to every invited household of the event's list that has not answered and was not reminded in the last 3 days",
    tag: 'Invitations',
  },
  {
    method: 'GET',
    path: '/api/rsvp/{token}',
    procedure: 'rsvp.get',
    summary:
      "A household's invitation by its personal link's token (no session needed): its own guests, the events they are invited to, and their answers",
    tag: 'RSVP',
  },
  {
    method: 'POST',
    path: '/api/rsvp/{token}',
    procedure: 'rsvp.answer',
    summary:
      "Answer a household's invitation (no session needed): per guest and event attending or not, meal and dietary note; plus-ones within the allowance; a message to the hosts. Refused after the RSVP deadline",
    tag: 'RSVP',
  },
];
