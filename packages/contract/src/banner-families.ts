/**
 * The four banner families (api.md §6, spec §2): one definition drives the one server module
 * and the one set of screens.
 */
export const bannerFamilies = {
  homeBanner: {
    apiPath: '/api/homeBanner',
    folder: 'slides',
    listPath: '/homeBannerSlide/list',
    addPath: '/homeBannerSlide/add',
    editPath: '/homeBannerSlide/edit',
    title: 'Home Banner Slide',
    listTitle: 'Home Slides List',
    hasCategory: false,
    deleted: 'Slide Deleted!',
    onlyOwner: 'Only Admin can delete slide',
    strictEditTypes: true,
  },
  banners: {
    apiPath: '/api/banners',
    folder: 'banners',
    listPath: '/banners',
    addPath: '/banners/add',
    editPath: '/banners/edit',
    title: 'Banner',
    listTitle: 'Banners List',
    hasCategory: true,
    deleted: 'Banner Deleted!',
    onlyOwner: 'Only Admin can delete Banner',
    strictEditTypes: false,
  },
  homeSideBanners: {
    apiPath: '/api/homeSideBanners',
    folder: 'sidebanners',
    listPath: '/homeSideBanners',
    addPath: '/homeSideBanners/add',
    editPath: '/homeSideBanners/edit',
    title: 'Home Side Banner',
    listTitle: 'Home Side Banners List',
    hasCategory: true,
    deleted: 'Banner Deleted!',
    onlyOwner: 'Only Admin can delete Banner',
    strictEditTypes: false,
  },
  homeBottomBanners: {
    apiPath: '/api/homeBottomBanners',
    folder: 'bottombanners',
    listPath: '/homeBottomBanners',
    addPath: '/homeBottomBanners/add',
    editPath: '/homeBottomBanners/edit',
    title: 'Home Bottom Banner',
    listTitle: 'Home Bottom Banners List',
    hasCategory: true,
    deleted: 'Banner Deleted!',
    onlyOwner: 'Only Admin can delete Banner',
    strictEditTypes: false,
  },
} as const;
export type BannerFamily = keyof typeof bannerFamilies;
export const bannerFamilyNames = Object.keys(bannerFamilies) as BannerFamily[];
