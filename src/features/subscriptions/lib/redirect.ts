/** Leaving for the provider's payment page (an object, so that tests can watch it). */
export const paymentPage = {
  open: (url: string) => window.location.assign(url),
};
