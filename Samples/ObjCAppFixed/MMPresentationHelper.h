//
//  MMPresentationHelper.h
//  Memo
//
//  Shared presentation plumbing: share sheets, the review prompt and the
//  "Saved" banner. Everything takes the controller or scene it's for: on iPad
//  there can be several Memo windows, and "the" window is a guess.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface MMPresentationHelper : NSObject

/// The controller on top of the presentation stack of `viewController`'s window.
+ (UIViewController *)topViewControllerFromViewController:(UIViewController *)viewController;

+ (void)shareItems:(NSArray *)items fromViewController:(UIViewController *)viewController;

/// Asks for an App Store rating once the user has written enough notes.
+ (void)requestReviewIfAppropriateForNoteCount:(NSInteger)noteCount inScene:(nullable UIWindowScene *)scene;

+ (void)showBannerWithMessage:(NSString *)message inScene:(nullable UIWindowScene *)scene;

/// Applies Light/Dark/System to every window of every scene.
+ (void)applyInterfaceStyle:(UIUserInterfaceStyle)style;

+ (BOOL)hasMultipleWindows;

@end

NS_ASSUME_NONNULL_END
