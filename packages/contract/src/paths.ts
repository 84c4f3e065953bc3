/**
 * The API's paths, apart from the schemas (no zod), so a screen that only calls the API
 * does not download zod. Each domain module re-exports its own.
 */
export const categoriesPath = '/api/category';
export const configPath = '/api/config';
export const countriesPath = '/api/countries';
export const imageUploadPath = '/api/imageUpload';
export const ordersPath = '/api/orders';
export const productsPath = '/api/products';
export const searchPath = '/api/search';
export const reviewsPath = '/api/productReviews';
export const usersPath = '/api/user';
export const trashPath = '/api/trash';
export const eventsPath = '/api/events';
export const jobsPath = '/api/jobs';
