/** The English catalogue: every namespace's messages in one chunk, loaded when the page is in English. */

import admin from './messages/en/admin.json';
import auth from './messages/en/auth.json';
import bell from './messages/en/bell.json';
import bookings from './messages/en/bookings.json';
import calendar from './messages/en/calendar.json';
import claims from './messages/en/claims.json';
import common from './messages/en/common.json';
import dashboard from './messages/en/dashboard.json';
import errors from './messages/en/errors.json';
import events from './messages/en/events.json';
import family from './messages/en/family.json';
import guests from './messages/en/guests.json';
import info from './messages/en/info.json';
import landing from './messages/en/landing.json';
import marketplace from './messages/en/marketplace.json';
import messages from './messages/en/messages.json';
import notFound from './messages/en/notFound.json';
import observance from './messages/en/observance.json';
import profile from './messages/en/profile.json';
import reviews from './messages/en/reviews.json';
import said from './messages/en/said.json';
import share from './messages/en/share.json';
import terms from './messages/en/terms.json';
import vendorDashboard from './messages/en/vendorDashboard.json';
import vendorForm from './messages/en/vendorForm.json';

const catalogue = {
  ...common,
  ...errors,
  ...terms,
  ...admin,
  ...auth,
  ...bell,
  ...bookings,
  ...calendar,
  ...claims,
  ...dashboard,
  ...events,
  ...family,
  ...guests,
  ...info,
  ...landing,
  ...marketplace,
  ...messages,
  ...notFound,
  ...observance,
  ...profile,
  ...reviews,
  ...said,
  ...share,
  ...vendorDashboard,
  ...vendorForm,
};

export default catalogue;
