//
//  MMPresentationHelper.m
//  Memo
//

#import "MMPresentationHelper.h"
#import "AppDelegate.h"
#import <StoreKit/StoreKit.h>

static const NSTimeInterval MMBannerDuration = 1.5;

@implementation MMPresentationHelper

+ (UIViewController *)topViewController {
    UIWindow *window = [UIApplication sharedApplication].keyWindow;
    UIViewController *top = window.rootViewController;
    while (top.presentedViewController != nil) {
        top = top.presentedViewController;
    }
    return top;
}

+ (void)shareItems:(NSArray *)items {
    UIViewController *presenter = [self topViewController];
    if (presenter == nil) {
        return;
    }
    UIActivityViewController *activityController = [[UIActivityViewController alloc] initWithActivityItems:items
                                                                                      applicationActivities:nil];
    // iPad presents this as a popover and needs an anchor.
    activityController.popoverPresentationController.sourceView = presenter.view;
    activityController.popoverPresentationController.sourceRect = CGRectMake(CGRectGetMidX(presenter.view.bounds), CGRectGetMidY(presenter.view.bounds), 0, 0);
    activityController.popoverPresentationController.permittedArrowDirections = 0;
    [presenter presentViewController:activityController animated:YES completion:nil];
}

+ (void)requestReviewIfAppropriateForNoteCount:(NSInteger)noteCount {
    NSInteger launches = [[NSUserDefaults standardUserDefaults] integerForKey:MMLaunchCountKey];
    if (noteCount != 10 || launches < 5) {
        return;
    }
    UIWindowScene *scene = (UIWindowScene *)[UIApplication sharedApplication].connectedScenes.anyObject;
    if ([scene isKindOfClass:[UIWindowScene class]]) {
        [SKStoreReviewController requestReviewInScene:scene];
    }
}

+ (void)showBannerWithMessage:(NSString *)message {
    UIWindow *window = [UIApplication sharedApplication].windows.firstObject;
    if (window == nil) {
        return;
    }

    UILabel *banner = [[UILabel alloc] init];
    banner.text = message;
    banner.textAlignment = NSTextAlignmentCenter;
    banner.font = [UIFont preferredFontForTextStyle:UIFontTextStyleSubheadline];
    banner.backgroundColor = [UIColor secondarySystemBackgroundColor];
    banner.layer.cornerRadius = 16;
    banner.layer.masksToBounds = YES;
    banner.translatesAutoresizingMaskIntoConstraints = NO;
    [window addSubview:banner];
    [NSLayoutConstraint activateConstraints:@[
        [banner.centerXAnchor constraintEqualToAnchor:window.centerXAnchor],
        [banner.topAnchor constraintEqualToAnchor:window.safeAreaLayoutGuide.topAnchor constant:8],
        [banner.widthAnchor constraintEqualToConstant:160],
        [banner.heightAnchor constraintEqualToConstant:32],
    ]];

    [UIView animateWithDuration:0.25 delay:MMBannerDuration options:0 animations:^{
        banner.alpha = 0;
    } completion:^(BOOL finished) {
        [banner removeFromSuperview];
    }];
}

+ (void)applyInterfaceStyle:(UIUserInterfaceStyle)style {
    for (UIScene *scene in [UIApplication sharedApplication].connectedScenes) {
        if (![scene isKindOfClass:[UIWindowScene class]]) {
            continue;
        }
        for (UIWindow *window in ((UIWindowScene *)scene).windows) {
            window.overrideUserInterfaceStyle = style;
        }
    }
}

+ (BOOL)hasMultipleWindows {
    return [UIApplication sharedApplication].connectedScenes.count > 1;
}

@end
