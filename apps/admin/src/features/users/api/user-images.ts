/** The image family of user pictures, for the shared uploader (upload + deleteImage). */
export const userImageFamily = '/api/user';
