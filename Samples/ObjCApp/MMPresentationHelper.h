//
//  MMPresentationHelper.h
//  Memo
//
//  Shared presentation plumbing: share sheets, the review prompt and the
//  "Saved" banner, reachable from anywhere without passing controllers around.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface MMPresentationHelper : NSObject

/// The controller currently on top of the key window's presentation stack.
+ (nullable UIViewController *)topViewController;

+ (void)shareItems:(NSArray *)items;

/// Asks for an App Store rating once the user has written enough notes.
+ (void)requestReviewIfAppropriateForNoteCount:(NSInteger)noteCount;

+ (void)showBannerWithMessage:(NSString *)message;

/// Applies Light/Dark/System to every window of every scene.
+ (void)applyInterfaceStyle:(UIUserInterfaceStyle)style;

+ (BOOL)hasMultipleWindows;

@end

NS_ASSUME_NONNULL_END
