//
//  MMPresentationHelper.m
//  Memo
//

#import "MMPresentationHelper.h"
#import "AppDelegate.h"
#import <StoreKit/StoreKit.h>

static const NSTimeInterval MMBannerDuration = 1.5;

@implementation MMPresentationHelper

+ (UIViewController *)topViewControllerFromViewController:(UIViewController *)viewController {
    UIViewController *top = viewController.view.window.rootViewController ?: viewController;
    while (top.presentedViewController != nil) {
        top = top.presentedViewController;
    }
    return top;
}

+ (void)shareItems:(NSArray *)items fromViewController:(UIViewController *)viewController {
    UIViewController *presenter = [self topViewControllerFromViewController:viewController];
    UIActivityViewController *activityController = [[UIActivityViewController alloc] initWithActivityItems:items
                                                                                      applicationActivities:nil];
    // iPad presents this as a popover and needs an anchor.
    activityController.popoverPresentationController.sourceView = presenter.view;
    activityController.popoverPresentationController.sourceRect = CGRectMake(CGRectGetMidX(presenter.view.bounds), CGRectGetMidY(presenter.view.bounds), 0, 0);
    activityController.popoverPresentationController.permittedArrowDirections = 0;
    [presenter presentViewController:activityController animated:YES completion:nil];
}

+ (void)requestReviewIfAppropriateForNoteCount:(NSInteger)noteCount inScene:(UIWindowScene *)scene {
    NSInteger launches = [[NSUserDefaults standardUserDefaults] integerForKey:MMLaunchCountKey];
    if (noteCount != 10 || launches < 5 || scene == nil) {
        return;
    }
    if (scene.activationState == UISceneActivationStateForegroundActive) {
        [SKStoreReviewController requestReviewInScene:scene];
    }
}

+ (void)showBannerWithMessage:(NSString *)message inScene:(UIWindowScene *)scene {
    UIWindow *window = scene.keyWindow;
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
