import { signinMessages } from './signin-messages';

/**
 * Every user-facing message, in the specification's exact words (typos included:
 * people and tests look for them). The server and the dashboard both import these.
 */
export const messages = {
  ...signinMessages,
  nameBlank: 'name can not be blank!',
  emailBlank: 'email can not be blank!',
  phoneBlank: 'phone can not be blank!',
  passwordBlank: 'password can not be blank!',
  confirmPasswordBlank: 'confirm password can not be blank!',
  passwordNotMatch: 'password not match',
  notAdmin: 'you are not a admin',
  invalidCredentials: 'Invalid email or password',
  userAuthenticated: 'User Authenticated',
  signupSuccess: 'Your account has been created. You can sign in now.',
  emailTaken: 'An account with this email already exists',
  signupNotAllowed: 'This email address is not allowed to sign up on this shop',
  /** SIGNUP_ALLOW unset (the default): staff join by invitation (design.md §4). */
  signupClosed: 'Sign-up is closed. Ask the shop owner for an invitation.',
  pleaseSignIn: 'Please sign in',
  logoutSuccess: 'Logout successfull',
  userUpdated: 'user updated',
  passwordChanged: 'Password changed',
  currentPasswordWrong: 'current password wrong',
  fillAllDetails: 'Please fill all the details',
  passwordConfirmNotMatch: 'Password and confirm password not match',
  onlyOwnRecord: 'You can only read or change your own account',
  tooManyAttempts: (seconds: number) => `Too many attempts. Please wait ${seconds} seconds and try again.`,
  invalidImage: 'Please select a valid JPG or PNG image file.',
  imageTooLarge: 'The image is too large (at most 10 MB a file).',
  tooManyFiles: 'Too many files at once (at most 10).',
  noFiles: 'Please choose at least one image file.',
  malformedUpload: 'The upload could not be read. Please try again.',
  stagingFull: (files: number, megabytes: number) =>
    `Your uploaded images not yet saved are at the limit (${files} images or ${megabytes} MB). Save or remove some first.`,
  imagesUploaded: 'Images Uploaded!',
  imageDeleted: 'Image Deleted!',
  imageMissing: 'img is required',
  notFound: 'Not found',
  /** A PUT with an If-Match older than the record (api.md §14). */
  recordChanged: 'This record was changed by someone else. Reload it to see the changes.',
  badRequest: 'The request could not be understood',
  databaseUnavailable: 'The database is unavailable. Please try again shortly.',
  storageUnavailable: 'The image storage is unavailable. Please try again shortly.',
  serverError: 'Something went wrong on the server. Please try again.',
} as const;

export const catalogueMessages = {
  categoryDeleted: 'Category Deleted!',
  onlyOwnerDeletesCategory: 'Only Admin can delete Category',
  categoryNotFound: 'Category not found',
  parentNotFound: 'The parent category does not exist',
  subCategoryTooDeep: 'A sub category cannot have sub categories of its own',
  categoryExists: (name: string) => `A category named "${name}" already exists here`,
  categoryInUse: (count: number) =>
    `This category is used by ${count} product${count === 1 ? '' : 's'}; move or delete ${count === 1 ? 'it' : 'them'} first`,
  optionExists: (value: string) => `"${value}" already exists`,
  optionNotFound: 'Item not found',
} as const;
