/** The Hebrew catalogue: every namespace's messages in one chunk, loaded when the page is in Hebrew. */

import admin from './messages/he/admin.json';
import auth from './messages/he/auth.json';
import bell from './messages/he/bell.json';
import bookings from './messages/he/bookings.json';
import calendar from './messages/he/calendar.json';
import claims from './messages/he/claims.json';
import common from './messages/he/common.json';
import dashboard from './messages/he/dashboard.json';
import errors from './messages/he/errors.json';
import events from './messages/he/events.json';
import family from './messages/he/family.json';
import guests from './messages/he/guests.json';
import info from './messages/he/info.json';
import landing from './messages/he/landing.json';
import marketplace from './messages/he/marketplace.json';
import messages from './messages/he/messages.json';
import notFound from './messages/he/notFound.json';
import observance from './messages/he/observance.json';
import profile from './messages/he/profile.json';
import reviews from './messages/he/reviews.json';
import said from './messages/he/said.json';
import share from './messages/he/share.json';
import terms from './messages/he/terms.json';
import vendorDashboard from './messages/he/vendorDashboard.json';
import vendorForm from './messages/he/vendorForm.json';

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
